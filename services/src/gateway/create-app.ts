import { Logger, type INestApplication } from '@nestjs/common';
import type { DestinationStream } from 'pino';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { join } from 'node:path';
import type { AppConfig } from '../config';
import { AppModule } from './app.module';
import { HttpErrorFilter } from './http/http-error.filter';
import { httpServerOptions } from './http/http-server-options';
import { installBodyParsers } from './http/json-body.parser';
import { createRootLogger, installRequestLogging, nestLoggerFor } from './http/request-logging';
import { exemptStreamedDownloads, responseCompression } from './http/response-compression';
import { SameOriginGuard } from './http/same-origin.guard';
import { installSecurityHeaders, securityHeadersMiddleware } from './http/security-headers';
import { installStorableInputCheck } from './http/storable-input.hook';
import { Infrastructure } from './infrastructure/infrastructure';
import { bootstrapManager, type BootstrapResult } from './users/bootstrap-manager';
import { serveWebApp } from './web/spa-fallback';

export interface RunningApp {
  readonly app: INestApplication;
  readonly infrastructure: Infrastructure;
  readonly url: string;
  readonly bootstrap: BootstrapResult | null;
  close(): Promise<void>;
}

const DEFAULT_WEB_DIST = join(__dirname, '..', '..', '..', 'web', 'dist');

/**
 * Starts infrastructure, the Nest app and the web app; listens on config.port (0: any free port).
 * Logs are JSON lines on stdout (or `logDestination`); `logger: false` writes none (tests).
 */
export async function startApp(
  config: AppConfig,
  options: { logger?: false | undefined; logDestination?: DestinationStream } = {},
): Promise<RunningApp> {
  const rootLogger = createRootLogger({
    enabled: options.logger !== false,
    level: config.logLevel,
    destination: options.logDestination,
  });
  const nestLogger = nestLoggerFor(rootLogger);
  Logger.overrideLogger(nestLogger);
  const infrastructure = await Infrastructure.start(config);
  let app: NestFastifyApplication | undefined;
  const setSecurityHeaders = securityHeadersMiddleware(config);
  try {
    app = await NestFactory.create<NestFastifyApplication>(
      AppModule.register(config, infrastructure),
      new FastifyAdapter(httpServerOptions(config, setSecurityHeaders)),
      { logger: nestLogger, bodyParser: false },
    );
    const server = app.getHttpAdapter().getInstance();
    installRequestLogging(server, rootLogger);
    infrastructure.metrics.installHttpMetrics(server);
    installSecurityHeaders(server, setSecurityHeaders);
    exemptStreamedDownloads(server);
    await app.register(fastifyCompress, responseCompression());
    await app.register(fastifyCookie);
    installBodyParsers(server);
    installStorableInputCheck(server);
    app.useGlobalFilters(new HttpErrorFilter());
    app.useGlobalGuards(new SameOriginGuard());
    if (!(await serveWebApp(app, config.webDist ?? DEFAULT_WEB_DIST))) {
      new Logger('Web').warn('web/dist not found: the API runs without the web app (npm run build:web)');
    }
    await app.init();
    const bootstrap = await bootstrapManager(infrastructure.database.knex, app.get(CommandBus), config);
    await app.listen(config.port, config.host);
    const address = app.getHttpServer().address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const started = app;
    return {
      app: started,
      infrastructure,
      bootstrap,
      url: `http://localhost:${port}`,
      close: async () => {
        await started.close();
        await infrastructure.close();
      },
    };
  } catch (error) {
    await app?.close().catch(() => undefined);
    await infrastructure.close();
    throw error;
  }
}
