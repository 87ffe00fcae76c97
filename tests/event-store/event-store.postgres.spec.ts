import { PostgresEventStore, appendInTransaction, type EventStore } from '@shop/infrastructure';
import { dockerEngine, postgresContainer, stopPostgresContainer } from '../support/docker-engine';
import { createTestDatabase } from '../support/test-database';
import { describeEventStoreContract } from './event-store.contract';

// DATABASE_URL wins; otherwise a PostgreSQL container through testcontainers when a Docker engine is there.
const databaseUrl = process.env.DATABASE_URL;
const serverUrl = databaseUrl
  ? async () => databaseUrl
  : dockerEngine
    ? async () => (await postgresContainer()).url
    : null;

if (serverUrl) {
  afterAll(() => stopPostgresContainer());
  describeEventStoreContract(
    databaseUrl ? 'PostgreSQL adapter on a PostgreSQL server' : 'PostgreSQL adapter (testcontainers)',
    async () => {
      const { database, drop } = await createTestDatabase(await serverUrl());
      const stores: EventStore[] = [await PostgresEventStore.open(database.knex)];
      return {
        store: stores[0]!,
        async openAnotherStore() {
          const other = await PostgresEventStore.open(database.knex);
          stores.push(other);
          return other;
        },
        async holdAppendOpen(streamId, events) {
          const trx = await database.knex.transaction();
          try {
            await appendInTransaction(trx, [{ streamId, events, expectedVersion: 'any' }]);
          } catch (error) {
            await trx.rollback();
            throw error;
          }
          return { commit: async () => void (await trx.commit()) };
        },
        async dispose() {
          await Promise.all(stores.map((store) => store.close()));
          await drop();
        },
      };
    },
    { canHoldTransactions: true },
  );
} else {
  process.stdout.write('PostgreSQL contract: skipped (no DATABASE_URL and no Docker engine for testcontainers)\n');
  describe.skip('EventStore contract: PostgreSQL server (set DATABASE_URL, or run a Docker engine for testcontainers)', () => {
    it('needs DATABASE_URL or a Docker engine', () => undefined);
  });
}
