import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KnexTimeoutError } from 'knex';
import { errorTitleFor, MESSAGES, type ErrorResponse } from '@shop/contracts';
import { DomainError, type DomainErrorCode } from '@shop/domain';
import { UnstorableEventDataError, WrongExpectedVersionError } from '@shop/infrastructure';
import { RecordedNotYetVisible } from './recorded-write';
import { TooManyRequests } from './too-many-requests';

const STATUS: Record<DomainErrorCode, number> = {
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
};

/** The answer's body: the message, and the spec's toast title for it when the spec names one. */
const errorBody = (message: string): ErrorResponse => {
  const title = errorTitleFor(message);
  return title ? { message, title } : { message };
};

/** Every failure leaves as JSON `{ message }` (plus `title` when the spec names one); never a stack trace. */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const { status, body } = this.describe(error);
    if (status >= 500) {
      const err = error instanceof Error ? error : new Error(String(error));
      this.logger.error({ requestId: http.getRequest<FastifyRequest>().id, err }, 'Request failed');
    }
    if (reply.sent || reply.raw.headersSent) return;
    if (error instanceof TooManyRequests) void reply.header('Retry-After', String(error.retryAfterSeconds));
    if (error instanceof KnexTimeoutError) void reply.header('Retry-After', '1');
    void reply.status(status).send(body);
  }

  private describe(error: unknown): { status: number; body: ErrorResponse } {
    if (error instanceof RecordedNotYetVisible) return { status: 202, body: { message: error.message, ...error.ids } };
    if (error instanceof DomainError) {
      return { status: STATUS[error.code], body: errorBody(error.message) };
    }
    // Every connection stayed busy past the pool's wait (PGlite has one): overloaded, try again, not broken.
    if (error instanceof KnexTimeoutError) return { status: 503, body: { message: MESSAGES.databaseBusy } };
    if (error instanceof WrongExpectedVersionError)
      return { status: 409, body: { message: MESSAGES.concurrentChange } };
    // The event store's last defence against text PostgreSQL cannot hold: bad input, not a server fault.
    if (error instanceof UnstorableEventDataError) {
      const field = error.path.split('.').at(-1) ?? 'text';
      return { status: 400, body: { message: `${field} cannot contain NUL characters or unpaired surrogates` } };
    }
    if (error instanceof HttpException) {
      const status = error.getStatus();
      const payload = error.getResponse();
      const raw = typeof payload === 'string' ? payload : (payload as { message?: unknown }).message;
      const message = Array.isArray(raw) ? raw.join(', ') : typeof raw === 'string' ? raw : error.message;
      return { status, body: errorBody(message) };
    }
    // A plugin's refusal of the request itself (a body it cannot decompress, an unknown encoding): 4xx as it says.
    const clientStatus = (error as { statusCode?: unknown } | null)?.statusCode;
    if (typeof clientStatus === 'number' && clientStatus >= 400 && clientStatus < 500)
      return { status: clientStatus, body: { message: 'Bad request body' } };
    return { status: 500, body: { message: 'Internal server error' } };
  }
}
