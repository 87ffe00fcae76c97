import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { openDatabase } from './database';
import { startEmbeddedPostgres } from './embedded-postgres';

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

  it('keeps serving parameterised queries after its connection is replaced (one PGlite session outlives it)', async () => {
    const database = await openDatabase({});
    try {
      const read = () => database.knex.raw('select ?::int + 1 as n', [41]).then((result) => result.rows);
      expect(await read()).toEqual([{ n: 42 }]);
      // The pool's connection goes away (idle reaping, an error): the next one is new to pg, while
      // PGlite's single session still holds the statements the old one prepared.
      await database.knex.destroy();
      database.knex.initialize();
      expect(await read()).toEqual([{ n: 42 }]);
      await database.knex.transaction(async (trx) => {
        expect((await trx.raw('select ?::int + 1 as n', [1])).rows).toEqual([{ n: 2 }]);
      });
      // The old connection's statement goes with it (once its close reaches the engine): only the
      // new one's (the same text) remains.
      const statements = async () =>
        (await database.knex.raw('select name from pg_prepared_statements')).rows as unknown[];
      for (let tries = 0; tries < 50 && (await statements()).length > 1; tries++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await statements()).toHaveLength(1);
    } finally {
      await database.close();
    }
  });
});

describe('startEmbeddedPostgres', () => {
  it('opens no TCP port unless asked to', async () => {
    const embedded = await startEmbeddedPostgres('memory://');
    try {
      expect(embedded.tcp).toBeNull();
      const client = new Client({ stream: () => embedded.openStream(), user: 'postgres', database: 'postgres' });
      await client.connect();
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await client.end();
    } finally {
      await embedded.stop();
    }
  });

  it('serves any PostgreSQL client on its loopback port too, with messages split over many TCP chunks', async () => {
    const embedded = await startEmbeddedPostgres('memory://', { tcp: true });
    const client = new Client({ ...embedded.tcp, user: 'postgres', database: 'postgres' });
    try {
      await client.connect();
      const big = 'x'.repeat(3_000_000);
      const { rows } = await client.query<{ size: number; echo: string }>(
        'select length($1::text) as size, $2::text as echo',
        [big, 'ok'],
      );
      expect(rows).toEqual([{ size: 3_000_000, echo: 'ok' }]);
      // The in-process port stream reaches the same engine as the TCP client.
      await client.query('create table shared (id int)');
      await client.query('insert into shared values (1)');
      const stream = embedded.openStream();
      const viaPort = new Client({ stream: () => stream, user: 'postgres', database: 'postgres' });
      await viaPort.connect();
      expect((await viaPort.query('select id from shared')).rows).toEqual([{ id: 1 }]);
      await viaPort.end();
    } finally {
      await client.end();
      await embedded.stop();
    }
  });

  it('rolls back the transaction of a connection that goes away, so the next one does not inherit it', async () => {
    const embedded = await startEmbeddedPostgres('memory://', { tcp: true });
    try {
      const first = new Client({ stream: () => embedded.openStream(), user: 'postgres', database: 'postgres' });
      await first.connect();
      await first.query('create table items (id int)');
      await first.query('begin');
      await first.query('insert into items values (1)');
      await first.end();
      const second = new Client({ ...embedded.tcp, user: 'postgres', database: 'postgres' });
      await second.connect();
      expect((await second.query('select count(*)::int as n from items')).rows).toEqual([{ n: 0 }]);
      await second.query('insert into items values (2)');
      expect((await second.query('select id from items')).rows).toEqual([{ id: 2 }]);
      await second.end();
    } finally {
      await embedded.stop();
    }
  });
});
