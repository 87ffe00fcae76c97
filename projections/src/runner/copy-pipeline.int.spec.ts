import { createTestDatabase, type TestDatabase } from '@shop/infrastructure';
import type { Knex } from 'knex';
import { StatementPipeline, type RowsInsert } from '../shared/projection-sql';
import { copyChunks, CopyPipeline } from './copy-pipeline';

const COLUMNS = [
  ['id', 'integer'],
  ['body', 'text'],
  ['amount', 'numeric'],
  ['at', 'timestamptz'],
  ['ok', 'boolean'],
  ['ref', 'uuid'],
  ['small', 'smallint'],
  ['doc', 'jsonb'],
] as const;

const AWKWARD = [
  `tab\there, newline\nand\r\nCRLF, back\\slash \\N \\. \\t`,
  `it's a "test" ; -- ? $1 %s ₦ émojis 🙂`,
  '',
  '\\N',
  '\\.',
  ' leading and trailing ',
];

/** Every kind of value a projection row holds, in every awkward shape: what COPY must store as jsonb_to_recordset does. */
const ROWS: readonly object[] = [
  ...AWKWARD.map((body, index) => ({
    id: index + 1,
    body,
    amount: ['0.00', '1500.00', '12.5', '-3.10', '99999999.99', '0'][index],
    at: [
      '2024-01-01T00:00:00.000Z',
      '2024-06-30T23:59:59.999Z',
      '2025-03-10T22:50:00.123456Z',
      '2024-01-01T01:00:00+01:00',
      '2024-02-29T12:00:00Z',
      '2024-01-01T00:00:00.5Z',
    ][index],
    ok: index % 2 === 0,
    ref: index === 0 ? 'A0EEBC99-9C0B-4EF8-BB6D-6BB9BD380A11' : `a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a1${index}`,
    small: index === 5 ? -1 : index,
    doc: {
      body,
      nested: [body, { tab: '\t', quote: '"', slash: '\\' }],
      n: 1.5,
      big: 12345678901234567890,
      none: null,
    },
  })),
  { id: 20, body: null, amount: null, at: null, ok: null, ref: null, small: null, doc: null },
  { id: 21 }, // every other key missing: null
  { id: 22, doc: 'a string', body: '₦x'.repeat(200_000) },
  { id: 23, doc: [], body: '0' },
];

const createTable = (knex: Knex | Knex.Transaction, table: string) =>
  knex.raw(`create table ${table} (id int primary key, body text, amount numeric(12,2), at timestamptz, ok boolean,
    ref uuid, small smallint, doc jsonb)`);

const rowsOf = async (knex: Knex, table: string) =>
  (await knex.raw<{ rows: { row: string }[] }>(`select to_jsonb(t)::text as row from ${table} t order by id`)).rows.map(
    (entry) => entry.row,
  );

describe(`CopyPipeline (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let test: TestDatabase;
  let knex: Knex;

  beforeAll(async () => {
    test = await createTestDatabase();
    knex = test.database.knex;
  });
  afterAll(() => test?.drop());

  it('stores by COPY exactly what the live jsonb_to_recordset statement stores', async () => {
    await createTable(knex, 'by_statement');
    await createTable(knex, 'by_copy');
    await knex.transaction(async (trx) => {
      const sql = new StatementPipeline(trx);
      sql.insert({ table: 'by_statement', columns: COLUMNS, rows: ROWS });
      await sql.flush();
    });
    const sent: string[] = [];
    const listen = (query: { sql: string }) => sent.push(query.sql);
    knex.on('query', listen);
    await knex.transaction(async (trx) => {
      const sql = new CopyPipeline(trx);
      sql.insert({ table: 'by_copy', columns: COLUMNS, rows: ROWS });
      // A read sees the rows copied before it, as after a queued write.
      expect(await sql.query('select count(*)::int as n from by_copy')).toEqual([{ n: ROWS.length }]);
    });
    knex.off('query', listen);
    // The rows did not go by the statement (knex logs its own queries only; COPY goes around it).
    expect(sent.some((text) => text.includes('jsonb_to_recordset'))).toBe(false);
    expect(await rowsOf(knex, 'by_copy')).toEqual(await rowsOf(knex, 'by_statement'));
  });

  it('leaves to the statement the values COPY could read differently', () => {
    const insert = (row: object): RowsInsert => ({ table: 't', columns: COLUMNS, rows: [row] });
    const copyText = (rows: RowsInsert) => {
      const chunks = copyChunks(rows);
      return chunks && Buffer.concat(chunks).toString('utf8');
    };
    expect(copyText(insert({ id: 1, body: 'lone \ud800 surrogate' }))).toBeNull();
    expect(copyText(insert({ id: 1, body: 'nul \u0000 byte' }))).toBeNull();
    expect(copyText(insert({ id: 1.5 }))).toBeNull();
    expect(copyText(insert({ id: 1, at: new Date(0) }))).toBeNull();
    expect(copyText(insert({ id: 1, body: { an: 'object' } }))).toBeNull();
    expect(copyText(insert({ id: 1, body: 'a\tb', doc: { x: 'y\\z' } }))).toBe(
      '1\ta\\tb\t\\N\t\\N\t\\N\t\\N\t\\N\t{"x":"y\\\\\\\\z"}\n',
    );
  });

  it('fails the transaction on a refused row and leaves the connection usable', async () => {
    await createTable(knex, 'refused');
    await expect(
      knex.transaction(async (trx) => {
        const sql = new CopyPipeline(trx);
        sql.insert({ table: 'refused', columns: COLUMNS, rows: [{ id: 1 }, { id: 1 }] });
        await sql.flush();
      }),
    ).rejects.toThrow(/duplicate key/);
    await expect(
      knex.transaction(async (trx) => {
        const sql = new CopyPipeline(trx);
        sql.insert({ table: 'refused', columns: COLUMNS, rows: [{ id: 2, ref: 'not a uuid' }] });
        await sql.flush();
      }),
    ).rejects.toThrow(/uuid/);
    await knex.transaction(async (trx) => {
      const sql = new CopyPipeline(trx);
      sql.insert({ table: 'refused', columns: COLUMNS, rows: [{ id: 3, body: 'kept' }] });
      await sql.flush();
    });
    expect(await rowsOf(knex, 'refused')).toEqual([expect.stringContaining('"kept"')]);
  });

  it('fails a large COPY refused at its first row without ending the process (brianc/node-pg-copy-streams#171)', async () => {
    await createTable(knex, 'refused_early');
    // Refused at once, while megabytes still wait for the socket to drain: pg-copy-streams 7 then
    // flushed on a connection it had let go, from a socket callback, which ended the process.
    const rows = [
      { id: 0, amount: '9'.repeat(30) },
      ...Array.from({ length: 20_000 }, (_, index) => ({ id: index + 1, body: 'x'.repeat(2_000) })),
    ];
    for (let attempt = 0; attempt < 3; attempt++) {
      await expect(
        knex.transaction(async (trx) => {
          const sql = new CopyPipeline(trx);
          sql.insert({ table: 'refused_early', columns: COLUMNS, rows });
          await sql.flush();
        }),
      ).rejects.toThrow(/numeric field overflow/);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await rowsOf(knex, 'refused_early')).toEqual([]);
  });

  it('sends rows that may be stored already by the statement, whose ON CONFLICT keeps the stored one', async () => {
    await createTable(knex, 'shared_texts');
    await knex('shared_texts').insert({ id: 1, body: 'stored first' });
    await knex.transaction(async (trx) => {
      const sql = new CopyPipeline(trx);
      sql.insert({
        table: 'shared_texts',
        columns: COLUMNS,
        rows: [
          { id: 1, body: 'again' },
          { id: 2, body: 'new' },
        ],
        onConflict: 'on conflict (id) do nothing',
        mayExist: true,
      });
      await sql.flush();
    });
    expect(await rowsOf(knex, 'shared_texts')).toEqual([
      expect.stringContaining('"stored first"'),
      expect.stringContaining('"new"'),
    ]);
  });
});
