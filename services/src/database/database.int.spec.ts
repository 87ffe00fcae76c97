import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from './database';

describe('openDatabase (embedded PGlite)', () => {
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'pglite-'));
  });

  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps data across close and reopen of the same folder, creating it if missing', async () => {
    const folder = join(dataDir, 'not', 'yet', 'there');
    const first = await openDatabase({ dataDir: folder });
    expect(first.engine).toBe('pglite');
    await first.knex.raw('create table notes (id serial primary key, body text not null)');
    await first.knex('notes').insert({ body: 'survives' });
    await first.close();

    const second = await openDatabase({ dataDir: folder });
    try {
      expect(await second.knex('notes').select('body')).toEqual([{ body: 'survives' }]);
    } finally {
      await second.close();
    }
  });

  it('returns bigint and numeric as strings, so money never becomes a float', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      const { rows } = await database.knex.raw('select 9007199254740993::bigint as big, 12.30::numeric(12,2) as price');
      expect(rows).toEqual([{ big: '9007199254740993', price: '12.30' }]);
    } finally {
      await database.close();
    }
  });

  it('rolls back a failed transaction and keeps serving queries', async () => {
    const database = await openDatabase({});
    try {
      await database.knex.raw('create table items (id int primary key)');
      await expect(
        database.knex.transaction(async (trx) => {
          await trx('items').insert({ id: 1 });
          await trx('items').insert({ id: 1 });
        }),
      ).rejects.toThrow(/duplicate key/);
      expect(await database.knex('items').count({ count: '*' })).toEqual([{ count: '0' }]);
    } finally {
      await database.close();
    }
  });
});
