import { MESSAGES } from '@shop/contracts';
import { useTestApp } from './support/use-test-app';

/**
 * When every database connection stays busy past the pool's wait (PGlite has one, shared by every
 * request), a request that could not get one is not a server fault to report as 500: it answers
 * 503 with a message and Retry-After, and the next request once the database is free is served.
 */
describe('a request that cannot get a database connection in time', () => {
  const app = useTestApp();

  // PGlite's one connection can be held from here; PostgreSQL's pool is shared with the projector's
  // polling and waits 60 s (knex's default), so holding every connection of it is not this test's to do.
  const onPglite = process.env.DATABASE_URL ? it.skip : it;

  onPglite(
    'answers 503 with the busy message and Retry-After, then the same request is served',
    async () => {
      const knex = app.infrastructure.database.knex;
      const connections = (knex.client as { pool: { max: number } }).pool.max;
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const acquired: Promise<void>[] = [];
      const holders = Array.from({ length: connections }, () => {
        let signal!: () => void;
        acquired.push(new Promise<void>((resolve) => (signal = resolve)));
        return knex.transaction(async (trx) => {
          await trx.raw('select 1');
          signal();
          await released;
        });
      });
      await Promise.all(acquired);

      const busy = await app.manager.get('/api/transactions');
      release();
      await Promise.all(holders);

      expect({ status: busy.status, body: busy.body }).toEqual({
        status: 503,
        body: { message: MESSAGES.databaseBusy },
      });
      expect(busy.headers.get('retry-after')).toBe('1');
      expect((await app.manager.get('/api/transactions')).status).toBe(200);
    },
    60_000,
  );
});
