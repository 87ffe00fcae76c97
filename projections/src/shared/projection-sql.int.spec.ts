import { openDatabase, type Database } from '@shop/services/database';
import { sqlLiteral, StatementPipeline } from './projection-sql';

describe('StatementPipeline (PGlite)', () => {
  let database: Database;
  let sent: string[];

  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://' });
    await database.knex.raw(
      'create table notes (id int primary key, body text, amount numeric(10,2), at timestamptz, ok boolean)',
    );
    database.knex.on('query', (query: { sql: string; bindings?: unknown[] }) =>
      sent.push(query.bindings?.length ? `parameterised: ${query.sql}` : query.sql),
    );
  });

  beforeEach(() => {
    sent = [];
  });

  afterAll(async () => {
    await database.close();
  });

  it('sends queued writes with the next read in one round trip, in order, values intact', async () => {
    const awkward = `it's a "test" \\ with back\\slashes, ; semicolons; -- and ? marks, ₦ and émojis 🙂`;
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
    expect(sent.filter((text) => !/^(BEGIN|COMMIT)/i.test(text))).toHaveLength(1);
  });

  it('keeps a lone statement parameterised, and flush sends what is left', async () => {
    await database.knex.transaction(async (trx) => {
      const sql = new StatementPipeline(trx);
      expect(await sql.query('select body from notes where id = ?', [1])).toHaveLength(1);
      sql.write('delete from notes where id = ?', [2]);
      await sql.flush();
    });
    expect(sent.filter((text) => text.startsWith('parameterised'))).toHaveLength(2);
    expect((await database.knex('notes').count({ n: '*' }))[0]).toEqual({ n: '1' });
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

describe('sqlLiteral', () => {
  it('writes values as PostgreSQL literals', () => {
    expect(sqlLiteral(null)).toBe('NULL');
    expect(sqlLiteral(42)).toBe('42');
    expect(sqlLiteral(false)).toBe('FALSE');
    expect(sqlLiteral("O'Neil")).toBe("'O''Neil'");
    expect(sqlLiteral('a\\b')).toBe(" E'a\\\\b'");
    expect(() => sqlLiteral(Number.NaN)).toThrow();
  });
});
