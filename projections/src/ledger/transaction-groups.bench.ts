/**
 * The Transactions page over a big ledger, outside Jest:
 *   npm run build:server && node projections/dist/ledger/transaction-groups.bench.js [products=100] [entriesPerProduct=1000]
 * PGlite in memory, or with DATABASE_URL a scratch database created on that server and dropped after.
 * product_ledger is seeded directly (100,000 movements by default; every other stock out a two-line sale),
 * so the figures measure GET /api/transactions/groups' query, not the projection.
 */
import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { openDatabase, type Database } from '@shop/infrastructure';
import { transactionPageQuery } from '@shop/contracts';
import { migrateReadModels } from '../read-model.migrations';
import { listTransactionGroups } from './transaction-groups.query';

const products = Number(process.argv[2] ?? 100);
const perProduct = Number(process.argv[3] ?? 1_000);

async function scratchDatabase(): Promise<{ database: Database; engine: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, engine: 'PGlite (in memory)', drop: () => database.close() };
  }
  const name = `groups_bench_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: url, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: scratch.toString() });
  return {
    database,
    engine: 'PostgreSQL server',
    async drop() {
      await database.close();
      await admin.raw(`drop database if exists ${name} with (force)`);
      await admin.destroy();
    },
  };
}

async function time(label: string, runs: number, work: () => Promise<unknown>): Promise<string> {
  await work();
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = process.hrtime.bigint();
    await work();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!.toFixed(1);
  return `| ${label} | ${at(0.5)} | ${at(0.95)} | ${samples[samples.length - 1]!.toFixed(1)} |`;
}

async function main(): Promise<void> {
  const { database, engine, drop } = await scratchDatabase();
  try {
    const knex = database.knex;
    await migrateReadModels(knex);
    const step = Math.floor((365 * 24 * 3600) / perProduct);
    // Entry n of product p: a receipt every third entry, else a stock out; the sale lines of products
    // 2k-1 and 2k at the same n share one sale id (a two-line sale).
    await knex.raw(
      `insert into product_ledger (product_id, entry_no, event_id, event_type, movement_id, direction, quantity, change,
         balance_after, reason, unit_price, price_in_force, total_value, original_total, discount_percentage,
         discount_amount, sale_id, seller_name, notes, actor_name, at, ledger_at, product_name, product_sku,
         category, sale_sign, sale_at, summary, text_id, changes, position_commit, position_prepare)
       select md5('p' || p)::uuid, n, md5('e' || p || ':' || n)::uuid,
         case when n % 3 = 0 then 'StockReceived' else 'StockIssued' end, md5('m' || p || ':' || n)::uuid,
         case when n % 3 = 0 then 'in' else 'out' end, 2, case when n % 3 = 0 then 2 else -2 end, 1000,
         case when n % 3 = 0 then 'purchase' when n % 3 = 1 then 'sale' else 'waste' end,
         100, 100, 200, 200, 0, 0,
         case when n % 3 = 1 then 'CASH-' || ((p + 1) / 2) || '-' || n end,
         'staff' || (n % 5), case when n % 3 = 2 then 'Dropped on delivery' end, 'staff' || (n % 5),
         t, t, 'Product ' || p, 'SKU-' || p, 'Skincare', case when n % 3 = 1 then 1 end, case when n % 3 = 1 then t end,
         'Stock movement', md5('Stock movement')::uuid, '[]'::jsonb, n::numeric * 100000 + ((p + 1) / 2) * 10, p % 2
       from generate_series(1, ${products}) p, generate_series(1, ${perProduct}) n,
         lateral (select timestamptz '2025-01-01 00:00:00+01' + make_interval(secs => n * ${step} + (p + 1) / 2) as t) times`,
    );
    await knex.raw('vacuum analyze product_ledger');
    const [{ count } = { count: 0 }] = await knex('product_ledger').count<{ count: string }[]>({ count: '*' });
    console.log(`${engine}: ${Number(count).toLocaleString('en')} movements`);

    const query = (raw: Record<string, string>) => transactionPageQuery.parse(raw);
    const first = await listTransactionGroups(knex, query({}));
    let deep = first.nextBefore;
    for (let page = 0; page < 200 && deep; page++)
      deep = (await listTransactionGroups(knex, query({ before: deep }))).nextBefore;
    const rows = [
      '| query (50 groups a page) | median ms | p95 ms | max ms |',
      '|---|---|---|---|',
      await time('first page', 30, () => listTransactionGroups(knex, query({}))),
      await time('page 200 (cursor)', 30, () => listTransactionGroups(knex, query({ before: deep ?? '' }))),
      await time('search by product name (q=Product 7, sales kept whole)', 10, () =>
        listTransactionGroups(knex, query({ q: 'Product 7' })),
      ),
      await time('search that matches nothing', 10, () => listTransactionGroups(knex, query({ q: 'no such thing' }))),
      await time('reason=waste', 10, () => listTransactionGroups(knex, query({ reason: 'waste' }))),
    ];
    console.log(rows.join('\n'));
  } finally {
    await drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
