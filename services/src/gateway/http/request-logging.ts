import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { Logger as NestLogger } from '@nestjs/common';
import type { FastifyInstance } from 'fastify';
import type { ProjectionLogger } from '@shop/projections';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** An id a proxy or client sent is kept only if it is short and plain, so it cannot forge log lines. */
const SANE_REQUEST_ID = /^[\w.:@-]{1,128}$/;

/**
 * Wherever a secret could sit in a log line. The request line below already keeps only method,
 * path and id (no headers, no query string with upload tokens, never a body); this is the second line.
 */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'password',
  'currentPassword',
  'newPassword',
  '*.password',
  '*.currentPassword',
  '*.newPassword',
  'body',
  '*.body',
];

export interface LogSettings {
  /** false: nothing is written (tests). */
  readonly enabled: boolean;
  readonly level?: Level;
  /** Where the JSON lines go; stdout unless given (a test's capture stream). */
  readonly destination?: DestinationStream;
}

/** The process's one pino logger: JSON lines with time, level, context, and the requestId where a line names it. */
export function createRootLogger(settings: LogSettings): Logger {
  const options = {
    level: settings.enabled ? (settings.level ?? 'info') : 'silent',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT, censor: '[redacted]' },
    serializers: { err: errorFields },
  };
  return settings.destination ? pino(options, settings.destination) : pino(options);
}

/**
 * Every line's `err` (however it got there): its type, message and stack only, as pino's standard
 * serializer writes them; a database error's other fields (its detail) may quote row values.
 */
function errorFields(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const { type, message, stack } = pino.stdSerializers.err(error);
  return { type, message, stack };
}

/** Fastify's genReqId: a sane incoming X-Request-Id, or a fresh UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers['x-request-id'];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * Sends every request's id back as X-Request-Id and logs one line when the response is finished.
 * Installed first. A line written while handling a request names the request where it has it (the
 * error filter, the CSV export): no AsyncLocalStorage scope per request, which on Node 20 turns on
 * a promise hook for every promise the process makes (docs/decisions.md).
 */
export function installRequestLogging(server: FastifyInstance, logger: Logger): void {
  server.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  server.addHook('onResponse', (request, reply, done) => {
    const statusCode = reply.statusCode;
    logger[statusCode >= 500 ? 'error' : 'info'](
      {
        requestId: request.id,
        req: { id: request.id, method: request.method, path: request.url.split('?')[0] },
        res: { statusCode },
        durationMs: Math.round(reply.elapsedTime),
      },
      'request completed',
    );
    done();
  });
}

type NestLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal';

/** Nest's exception handlers call error(message, stack, context); the stack becomes the line's err. */
const isStackTrace = (level: NestLevel, message: unknown, params: unknown[]) =>
  level === 'error' &&
  typeof message === 'string' &&
  params.length === 1 &&
  typeof params[0] === 'string' &&
  /\n\s*at /.test(params[0]);

/** Nest's start-up chatter (every module and route mapped), kept out of the log at info level. */
const NEST_START_UP = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/**
 * A Nest LoggerService writing through pino: `new Logger('Context').log(...)` anywhere becomes a JSON
 * line with its `context` (the last parameter); an object message's fields (a `requestId`, an `err`)
 * go into the line (an `err` through the root logger's serializer).
 */
export function nestLoggerFor(logger: Logger): LoggerService {
  const write = (level: NestLevel, message: unknown, optional: unknown[]) => {
    const fields: Record<string, unknown> = {};
    let params: unknown[] = [];
    if (optional.length > 0) {
      fields.context = optional[optional.length - 1];
      params = optional.slice(0, -1);
    }
    if (typeof message === 'object' && message !== null) {
      if (message instanceof Error) fields.err = message;
      else Object.assign(fields, message);
      logger[level](fields, ...(params as []));
    } else if (isStackTrace(level, message, params)) {
      const error = new Error(String(message));
      error.stack = params[0] as string;
      logger[level]({ ...fields, err: error });
    } else logger[level](fields, String(message), ...(params as []));
  };
  return {
    log: (message: unknown, ...params: unknown[]) =>
      NEST_START_UP.has(String(params[params.length - 1])) ? undefined : write('info', message, params),
    warn: (message: unknown, ...params: unknown[]) => write('warn', message, params),
    error: (message: unknown, ...params: unknown[]) => write('error', message, params),
    fatal: (message: unknown, ...params: unknown[]) => write('fatal', message, params),
    debug: (message: unknown, ...params: unknown[]) => write('debug', message, params),
    verbose: (message: unknown, ...params: unknown[]) => write('trace', message, params),
  };
}

/** The projections' logger as Nest Logger calls, so projection warnings and alerts are JSON lines too. */
export function projectionLogger(): ProjectionLogger {
  const logger = new NestLogger('Projections');
  return {
    info: (message) => logger.log(message),
    warn: (message) => logger.warn(message),
    // The message only: a database error's detail may quote row values (names, emails, notes).
    error: (message, error) => logger.error(error instanceof Error ? `${message}: ${error.message}` : message),
  };
}
