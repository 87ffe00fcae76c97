import { PostgresEventStore, appendInTransaction, type EventStore } from '@shop/services/event-store';
import { createTestDatabase } from '../support/test-database';
import { describeEventStoreContract } from './event-store.contract';

const databaseUrl = process.env.DATABASE_URL;

if (databaseUrl) {
  describeEventStoreContract(
    'PostgreSQL adapter on a PostgreSQL server',
    async () => {
      const { database, drop } = await createTestDatabase(databaseUrl);
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
  describe.skip('EventStore contract: PostgreSQL server (set DATABASE_URL to run)', () => {
    it('needs DATABASE_URL', () => undefined);
  });
}
