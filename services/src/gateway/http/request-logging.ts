import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DynamicModule, LoggerService } from '@nestjs/common';
import type { ProjectionLogger } from '@shop/projections';
import { Logger as NestLogger } from '@nestjs/common';
import type { RequestHandler } from 'express';
import { Logger as PinoNestLogger, LoggerModule, PinoLogger } from 'nestjs-pino';
import pino, { type DestinationStream, type Level, type Logger } from 'pino';
import { pinoHttp } from 'pino-http';

export const REQUEST_ID_HEADER = 'X-Request-Id';
/** An id a proxy or client sent is kept only if it is short and plain, so it cannot forge log lines. */
const SANE_REQUEST_ID = /^[\w.:@-]{1,128}$/;

/**
 * Wherever a secret could sit in a log line. The request serializer below already keeps only method,
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

/** The process's one pino logger: JSON lines with time, level, context, and a requestId inside a request. */
export function createRootLogger(settings: LogSettings): Logger {
  const options = {
    level: settings.enabled ? (settings.level ?? 'info') : 'silent',
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT, censor: '[redacted]' },
  };
  return settings.destination ? pino(options, settings.destination) : pino(options);
}

function requestIdOf(request: IncomingMessage, response: ServerResponse): string {
  const incoming = request.headers['x-request-id'];
  const id = typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
  response.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/**
 * First middleware of the app: gives every request an id (sent back as X-Request-Id) and a child
 * logger carrying it, and logs one line when the response is finished.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: requestIdOf,
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId', responseTime: 'durationMs' },
    customLogLevel: (_request, response, error) => (error || response.statusCode >= 500 ? 'error' : 'info'),
    serializers: {
      req: (request: { id: unknown; method: string; url: string }) => ({
        id: request.id,
        method: request.method,
        path: request.url.split('?')[0],
      }),
      res: (response: { statusCode: number }) => ({ statusCode: response.statusCode }),
    },
  }) as RequestHandler;
}

/** Binds Nest `Logger` calls made while a request is handled to that request's logger (so they carry its id). */
export function requestLoggerModule(logger: Logger): DynamicModule {
  return LoggerModule.forRoot({ pinoHttp: { logger }, useExisting: true });
}

/** Nest's own start-up chatter (every module and route mapped), kept out of the log at info level. */
const NEST_START_UP = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/** A Nest LoggerService writing through pino: `new Logger('Context').log(...)` anywhere becomes a JSON line. */
export function nestLoggerFor(logger: Logger): LoggerService {
  const inner = new PinoNestLogger(new PinoLogger({ pinoHttp: { logger } }), {});
  const startUp = (params: unknown[]) => NEST_START_UP.has(String(params[params.length - 1]));
  return {
    log: (message: unknown, ...params: unknown[]) => (startUp(params) ? undefined : inner.log(message, ...params)),
    warn: (message: unknown, ...params: unknown[]) => inner.warn(message, ...params),
    error: (message: unknown, ...params: unknown[]) => inner.error(message, ...params),
    fatal: (message: unknown, ...params: unknown[]) => inner.fatal(message, ...params),
    debug: (message: unknown, ...params: unknown[]) => inner.debug(message, ...params),
    verbose: (message: unknown, ...params: unknown[]) => inner.verbose(message, ...params),
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
