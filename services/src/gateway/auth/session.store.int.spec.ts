import { createTestDatabase, type TestDatabase } from '@shop/infrastructure';
import { SessionStore } from './session.store';

describe('SessionStore.migrate (the sessions table at each gateway start)', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  const columns = async () =>
    (
      await test.database.knex.raw<{ rows: { attname: string }[] }>(
        `select attname from pg_attribute where attrelid = 'gateway_sessions'::regclass and attnum > 0
         and not attisdropped order by attnum`,
      )
    ).rows.map((row) => row.attname);

  it("drops an earlier version's retired columns and keeps the sessions", async () => {
    const { knex } = test.database;
    await SessionStore.migrate(knex);
    await knex.raw(
      'alter table gateway_sessions add column written_commit numeric(20,0), add column written_prepare numeric(20,0)',
    );
    await new SessionStore(knex, 8).create('7c9e6679-7425-40de-944b-e07fc1f90ae7');

    await SessionStore.migrate(knex);
    expect(await columns()).toEqual(['token_hash', 'user_id', 'created_at', 'expires_at']);
    expect(await knex('gateway_sessions').count<{ count: string }[]>('* as count')).toEqual([{ count: '1' }]);
  });

  it('locks nothing at a later start, when nothing is left to drop', async () => {
    // ALTER TABLE locks the table even when "if exists" drops nothing; every request reads sessions.
    const locks = await test.database.knex.transaction(async (trx) => {
      await SessionStore.migrate(trx);
      const held = await trx.raw<{ rows: { mode: string }[] }>(
        `select mode from pg_locks where pid = pg_backend_pid() and relation = 'gateway_sessions'::regclass
           and mode = 'AccessExclusiveLock'`,
      );
      return held.rows.map((row) => row.mode);
    });
    expect(locks).toEqual([]);
  });
});
