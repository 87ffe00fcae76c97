import { openDatabase, type Database } from '@shop/infrastructure';
import { StatementPipeline } from './projection-sql';

describe('StatementPipeline (PGlite)', () => {
  let database: Database;
  let sent: { sql: string; bindings: unknown[] }[];

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.knex.raw(
      'create table notes (id int primary key, body text, amount numeric(10,2), at timestamptz, ok boolean)',
    );
    database.knex.on('query', (query: { sql: string; bindings?: unknown[] }) =>
      sent.push({ sql: query.sql, bindings: query.bindings ?? [] }),
    );
  });

  beforeEach(() => {
    sent = [];
  });

  afterAll(async () => {
    await database.close();
  });

  const statements = () => sent.filter((query) => !/^(BEGIN|COMMIT|ROLLBACK)/i.test(query.sql));

  it('sends queued writes before the next read, in order, each with its parameters, values intact', async () => {
    const awkward = `it's a "test" \\ with back\\slashes, ; semicolons; -- and ? marks, $1 %s ₦ and émojis 🙂`;
    const rows = await database.knex.transaction(async (trx) => {
      const sql = new StatementPipeline(trx);
      sql.write('insert into notes (id, body, amount, at, ok) values (?, ?, ?, ?, ?)', [
        1,
        awkward,
        '12.30',
        new Date('2026-01-02T03:04:05.000Z'),
        true,
      ]);
      sql.write('update notes set amount = amount + ? where id = ?', ['0.70', 1]);
      sql.write('insert into notes (id, body) values (?, ?)', [2, null]);
      return sql.query<{ id: number; body: string | null; amount: string | null; at: Date | null; ok: boolean | null }>(
        'select id, body, amount::text as amount, at, ok from notes where id = any(?::int[]) order by id',
        ['{1,2}'],
      );
    });
    expect(rows).toEqual([
      { id: 1, body: awkward, amount: '13.00', at: new Date('2026-01-02T03:04:05.000Z'), ok: true },
      { id: 2, body: null, amount: null, at: null, ok: null },
    ]);
    expect(statements().map((query) => query.bindings.length)).toEqual([5, 2, 2, 1]);
    expect(statements().some((query) => query.sql.includes('test'))).toBe(false);
  });

  it('keeps a backslash before a question mark, in a write that travels with others as in one alone', async () => {
    const names = ['Slash\\?Serum', '\\?', '?\\', 'a\\\\?b', "it\\'s?", '$1 \\$2 ?? \\??'];
    const rows = await database.knex.transaction(async (trx) => {
      const sql = new StatementPipeline(trx);
      names.forEach((name, index) => sql.write('insert into notes (id, body) values (?, ?)', [100 + index, name]));
      return sql.query<{ body: string }>('select body from notes where id >= ? order by id', [100]);
    });
    expect(rows.map((row) => row.body)).toEqual(names);
  });

  it('flush sends what is left', async () => {
    await database.knex.transaction(async (trx) => {
      const sql = new StatementPipeline(trx);
      expect(await sql.query('select body from notes where id = ?', [1])).toHaveLength(1);
      sql.write('delete from notes where id = ?', [2]);
      await sql.flush();
    });
    expect(statements()).toHaveLength(2);
    expect((await database.knex('notes').where({ id: 2 }).count({ n: '*' }))[0]).toEqual({ n: '0' });
  });

  it('rolls the whole transaction back when a queued write fails', async () => {
    await expect(
      database.knex.transaction(async (trx) => {
        const sql = new StatementPipeline(trx);
        sql.write('insert into notes (id, body) values (?, ?)', [3, 'kept?']);
        sql.write('insert into notes (id, body) values (?, ?)', [1, 'duplicate key']);
        await sql.flush();
      }),
    ).rejects.toThrow(/duplicate key/);
    expect(await database.knex('notes').where({ id: 3 })).toEqual([]);
  });
});
