import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { ConfigError, describeStartupError, loadConfig, type AppConfig } from './config';
import { createRootLogger, nestLoggerFor } from './gateway/http/request-logging';
import { Infrastructure } from './gateway/infrastructure/infrastructure';
import { ProjectorLeadership } from './projector/projector-leadership';

/**
 * The projector as its own process: keeps every read model up to date from the event store.
 * Run gateways with PROJECTIONS=external beside it; they wait on the shared checkpoints.
 * Several may run on one PostgreSQL: one leads (advisory lock), the others wait as hot standbys.
 */
/** For the message of a failed start: the settings, once read. */
let loaded: AppConfig | undefined;

async function main(): Promise<void> {
  const config = loadConfig();
  loaded = config;
  if (!config.databaseUrl) {
    // The embedded database belongs to the one process that opened it: that gateway projects itself.
    throw new ConfigError(
      'DATABASE_URL is required: a projector process keeps the read models of a PostgreSQL server shared with gateways run with PROJECTIONS=external (with the embedded database, the gateway projects itself)',
    );
  }
  Logger.overrideLogger(nestLoggerFor(createRootLogger({ enabled: true, level: config.logLevel })));
  const logger = new Logger('Projector');
  // Migrations and connections now, projecting only once leader: a standby is ready to take over.
  const infrastructure = await Infrastructure.start({ ...config, projections: 'external' });
  const leadership = config.databaseUrl
    ? new ProjectorLeadership({
        databaseUrl: config.databaseUrl,
        onLost: (error) => {
          // Another projector may lead by now: stop at once and let the supervisor restart us as a standby.
          logger.error(`Lost the projector lock (${error.message}); exiting`);
          process.exit(1);
        },
      })
    : null;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.log(`${signal}: finishing the current batch, releasing the lock`);
    try {
      await infrastructure.runner.stop(); // waits for the batch under way to commit
      await leadership?.release();
      await infrastructure.close();
      process.exit(0);
    } catch (error) {
      logger.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));

  if (leadership) {
    logger.log(`Standby (pid ${process.pid}): waiting for the projector lock`);
    const started = Date.now();
    if (!(await leadership.acquire()) || stopping) return;
    logger.log(`Active (pid ${process.pid}): took the projector lock after ${Date.now() - started} ms`);
  }
  await infrastructure.runner.start();
  logger.log('Projecting events into the read models');
}

main().catch((error: unknown) => {
  // A bad setting in one line naming it; anything else whole.
  console.error(describeStartupError(error, loaded) ?? error);
  process.exit(1);
});
