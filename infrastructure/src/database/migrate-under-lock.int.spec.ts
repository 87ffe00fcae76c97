import { createTestDatabase, type TestDatabase } from '../testing';
import { migrateUnderLock } from './migrate-under-lock';

const KEY = 4_711_9001;

describe('migrateUnderLock', () => {
  let test: TestDatabase;

  beforeEach(async () => {
    test = await createTestDatabase();
  });
  afterEach(() => test.drop());

  it('runs the statements in one transaction: a failing one undoes the others and frees the lock', async () => {
    const { knex } = test.database;
    await expect(
      migrateUnderLock(knex, KEY, async (trx) => {
        await trx.raw('create table half_made (id int)');
        await trx.raw('select * from no_such_table');
      }),
    ).rejects.toThrow(/no_such_table/);
    await migrateUnderLock(knex, KEY, async (trx) => {
      await trx.raw('create table made (id int)');
    });
    const { rows } = await knex.raw(
      `select table_name from information_schema.tables where table_schema = current_schema() order by 1`,
    );
    expect(rows).toEqual([{ table_name: 'made' }]);
  });

  (process.env.DATABASE_URL ? it : it.skip)('makes two migrators under one key take turns', async () => {
    const { knex } = test.database;
    const steps: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let firstHolds!: () => void;
    const held = new Promise<void>((resolve) => (firstHolds = resolve));
    const first = migrateUnderLock(knex, KEY, async () => {
      steps.push('first in');
      firstHolds();
      await gate;
      steps.push('first out');
    });
    await held;
    const second = migrateUnderLock(knex, KEY, async () => {
      steps.push('second in');
    });
    let whileFirstHeld: string[];
    try {
      // Until the second waits for the advisory lock (not granted), or (with no lock) has run already.
      for (;;) {
        const { rows } = await knex.raw(`select 1 from pg_locks where locktype = 'advisory' and not granted`);
        if (rows.length > 0 || steps.includes('second in')) break;
        await new Promise((resolve) => setImmediate(resolve));
      }
      whileFirstHeld = [...steps];
    } finally {
      release();
      await Promise.all([first, second]);
    }
    expect(whileFirstHeld).toEqual(['first in']);
    expect(steps).toEqual(['first in', 'first out', 'second in']);
  });
});
