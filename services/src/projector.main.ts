import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './config';
import { createRootLogger, nestLoggerFor } from './gateway/http/request-logging';
import { Infrastructure } from './gateway/infrastructure/infrastructure';

/**
 * The projector as its own process: keeps every read model up to date from the event store.
 * Run gateways with PROJECTIONS=external beside it; they wait on the shared checkpoints.
 */
async function main(): Promise<void> {
  const config = { ...loadConfig(), projections: 'embedded' as const };
  Logger.overrideLogger(nestLoggerFor(createRootLogger({ enabled: true, level: config.logLevel })));
  const infrastructure = await Infrastructure.start(config);
  new Logger('Projector').log('Projecting events into the read models');
  const stop = async () => {
    await infrastructure.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
