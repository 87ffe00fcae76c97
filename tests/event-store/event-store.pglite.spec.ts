import { PostgresEventStore } from '@shop/infrastructure';
import { openDatabase } from '@shop/infrastructure';
import { describeEventStoreContract } from './event-store.contract';

// PGlite serves one connection, so concurrent transactions (and the late-commit case) cannot occur.
describeEventStoreContract('PostgreSQL adapter on PGlite', async () => {
  const database = await openDatabase({ dataDir: 'memory://' });
  const store = await PostgresEventStore.open(database.knex);
  const others: PostgresEventStore[] = [];
  return {
    store,
    async openAnotherStore() {
      const other = await PostgresEventStore.open(database.knex);
      others.push(other);
      return other;
    },
    async dispose() {
      await Promise.all([store, ...others].map((opened) => opened.close()));
      await database.close();
    },
  };
});
