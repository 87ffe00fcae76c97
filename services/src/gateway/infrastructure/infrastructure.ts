import { Logger } from '@nestjs/common';
import { allProjections, migrateReadModels, ProjectionRunner } from '@shop/projections';
import type { AppConfig } from '../../config';
import { openDatabase, type Database } from '@shop/infrastructure';
import { createEventStore, type EventStore } from '@shop/infrastructure';
import { SessionStore } from '../auth/session.store';
import { projectionLogger } from '../http/request-logging';
import { MediaUploadStore } from '../media/media-upload.store';
import { AppMetrics } from '../observability/app-metrics';
import type { ReadModelSync } from './read-model-sync';

/** A write waits at most this long for the read models; past it the write still stands, only stale reads are possible. */
const READ_YOUR_WRITES_TIMEOUT_MS = 5_000;

/**
 * The database, the event store and the projections, started before Nest so that start-up fails
 * fast with a clear message (bad URL, locked data folder) instead of a half-started server.
 */
export class Infrastructure {
  private constructor(
    readonly database: Database,
    readonly eventStore: EventStore,
    readonly runner: ProjectionRunner,
    readonly sync: ReadModelSync,
    /** Prometheus metrics of this process (GET /api/metrics). */
    readonly metrics: AppMetrics,
  ) {}

  static async start(config: AppConfig): Promise<Infrastructure> {
    const logger = new Logger('Infrastructure');
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    try {
      const rawEventStore = await createEventStore({ eventStoreUrl: config.eventStoreUrl, database });
      const metrics = new AppMetrics(
        database.knex,
        rawEventStore,
        allProjections.map((projection) => projection.name),
      );
      const eventStore = metrics.countAppends(rawEventStore);
      await migrateReadModels(database.knex);
      await SessionStore.migrate(database.knex);
      await MediaUploadStore.migrate(database.knex);
      const runner = new ProjectionRunner({
        knex: database.knex,
        eventStore,
        projections: allProjections,
        logger: projectionLogger(),
      });
      if (config.projections === 'embedded') await runner.start();
      const sync: ReadModelSync = {
        waitFor: async (position, options) =>
          position === null ||
          (await runner.waitFor(position, options?.timeoutMs ?? READ_YOUR_WRITES_TIMEOUT_MS, options)),
      };
      logger.log(
        `Events in ${eventStore.engine === 'kurrentdb' ? 'KurrentDB' : database.engine === 'pglite' ? 'embedded PGlite' : 'PostgreSQL'}, ` +
          `read models in ${database.engine === 'pglite' ? `embedded PGlite (${config.dataDir})` : 'PostgreSQL'}, ` +
          `projections ${config.projections}`,
      );
      return new Infrastructure(database, eventStore, runner, sync, metrics);
    } catch (error) {
      await database.close();
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.runner.stop();
    await this.eventStore.close();
    await this.database.close();
  }
}
