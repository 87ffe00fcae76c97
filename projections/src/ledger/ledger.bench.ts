/**
 * Ledger read speed over a big history, outside Jest:
 *   npm run build:server && node projections/dist/ledger/ledger.bench.js [products=1000] [entriesPerProduct=1000]
 * PGlite in memory, or with DATABASE_URL a scratch database created on that server and dropped after.
 * The ledger tables are seeded directly with generate_series (what projecting 1,000,000 events would
 * leave behind: one product_ledger row per event, and the day sums of daily_rollup), so the figures
 * measure the queries, not the projection (see rebuild.bench.ts for that).
 */
import { randomBytes } from 'node:crypto';
import knexFactory, { type Knex } from 'knex';
import { openDatabase, type Database } from '@shop/infrastructure';
import { migrateReadModels } from '../read-model.migrations';
import { getReportSummary } from '../reports/report-summary.query';
import { getProductHistory } from './product-history.query';
import { listInventoryAsOf } from './inventory-as-of.query';

const products = Number(process.argv[2] ?? 1_000);
const perProduct = Number(process.argv[3] ?? 1_000);
const YEAR_SECONDS = 365 * 24 * 3600;

async function scratchDatabase(): Promise<{ database: Database; engine: string; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, engine: 'PGlite (in memory)', drop: () => database.close() };
  }
  const name = `ledger_bench_${randomBytes(4).toString('hex')}`;
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

/**
 * Per product: entry 1 opens with 500 units; then every third entry receives 5, the others issue 2
 * (alternately a sale and waste). Entries are spread evenly over 2025, so a month holds 1/12 of them.
 * balance_after has a closed form: 500 + 5·⌊n/3⌋ − 2·(n − 1 − ⌊n/3⌋).
 */
async function seed(knex: Knex): Promise<void> {
  const step = Math.floor(YEAR_SECONDS / perProduct);
  for (let first = 1; first <= products; first += 50) {
    const last = Math.min(products, first + 49);
    await knex.raw(
      `insert into product_ledger (product_id, entry_no, event_id, event_type, movement_id, direction, quantity, change,
         balance_after, reason, unit_price, cost_price, cost_in_force, price_in_force, total_value, original_total,
         discount_percentage, discount_amount, seller_name, actor_name, at, ledger_at, product_name, product_sku,
         category, min_stock_level, images, sale_sign, sale_at, sale_staff, sale_total, sale_original_total,
         sale_discount, sale_profit, sale_quantity, summary, text_id, changes, position_commit, position_prepare)
       select md5('p' || p)::uuid, n, md5('e' || p || ':' || n)::uuid,
         case when n = 1 then 'ProductCreated' when n % 3 = 0 then 'StockReceived' else 'StockIssued' end,
         case when n = 1 then null else md5('m' || p || ':' || n)::uuid end,
         case when n = 1 then null when n % 3 = 0 then 'in' else 'out' end,
         case when n = 1 then 500 when n % 3 = 0 then 5 else 2 end,
         case when n = 1 then 500 when n % 3 = 0 then 5 else -2 end,
         500 + 5 * (n / 3) - 2 * (n - 1 - n / 3),
         case when n = 1 then null when n % 3 = 0 then 'purchase' when n % 3 = 1 then 'sale' else 'waste' end,
         100 + (p % 50), 60 + (p % 30), 60 + (p % 30), 100 + (p % 50),
         (100 + (p % 50)) * 2, (100 + (p % 50)) * 2, 0, 0, 'staff' || (n % 5), 'staff' || (n % 5),
         t, t, 'Product ' || p, 'SKU-' || p, 'Category ' || (p % 10),
         case when n = 1 then 10 end, case when n = 1 then '[]'::jsonb end,
         sale.sign, case when sale.sign is not null then t end, case when sale.sign is not null then 'staff' || (n % 5) end,
         case when sale.sign is not null then (100 + (p % 50)) * 2 end,
         case when sale.sign is not null then (100 + (p % 50)) * 2 end,
         case when sale.sign is not null then 0 end,
         case when sale.sign is not null then (40 + (p % 50) - (p % 30)) * 2 end,
         case when sale.sign is not null then 2 end,
         'entry ' || n, md5('entry ' || n)::uuid, '[]'::jsonb, n::numeric * 100000 + p, 0
       from generate_series(${first}, ${last}) p, generate_series(1, ${perProduct}) n,
         lateral (select timestamptz '2025-01-01 00:00:00+01' + make_interval(secs => n * ${step} + p) as t) times,
         lateral (select case when n > 1 and n % 3 = 1 then 1 end as sign) sale`,
    );
  }
  // The daily sums the projection keeps beside the rows (Lagos day = UTC + 1 hour, all year).
  await knex.raw(
    `insert into daily_rollup (recorded_day, effective_day, direction, reason, sale_sign, category, staff, count, units,
       value, out_profit, sale_total, sale_original_total, sale_discount, sale_profit, sale_quantity, sale_lines,
       reversed_lines)
     select d, d, direction, reason, coalesce(sale_sign, 0), case when sale_sign is null then '' else category end,
       coalesce(sale_staff, ''), count(*), sum(quantity), sum(total_value),
       coalesce(sum((unit_price - cost_price) * quantity) filter (where direction = 'out'), 0),
       coalesce(sum(sale_total), 0), coalesce(sum(sale_original_total), 0), coalesce(sum(sale_discount), 0),
       coalesce(sum(sale_profit), 0), coalesce(sum(sale_quantity), 0), count(*) filter (where sale_sign = 1), 0
     from (select *, ((at at time zone 'UTC') + interval '1 hour')::date as d from product_ledger
           where movement_id is not null) l
     group by 1, 2, 3, 4, 5, 6, 7`,
  );
  await knex.raw('vacuum analyze daily_rollup');
  await knex.raw('vacuum analyze product_ledger');
}

async function time(label: string, runs: number, work: () => Promise<unknown>): Promise<string> {
  await work(); // warm-up: plans and pages in cache
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
    const seeding = Date.now();
    await seed(knex);
    const [{ count: entries } = { count: 0 }] = await knex('product_ledger').count<{ count: string }[]>({ count: '*' });
    const [{ count: sales } = { count: 0 }] = await knex('product_ledger')
      .whereNotNull('sale_sign')
      .count<{ count: string }[]>({ count: '*' });
    console.log(
      `${engine}: ${Number(entries).toLocaleString('en')} ledger entries, ${Number(sales).toLocaleString('en')} sale lines, ` +
        `${products.toLocaleString('en')} products, seeded in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
    );

    const june = { from: new Date('2025-06-01T00:00:00+01:00'), to: new Date('2025-07-01T00:00:00+01:00') };
    const asOf = new Date('2025-06-15T12:00:00+01:00');
    const check = await listInventoryAsOf(knex, { asOf });
    const report = await getReportSummary(knex, { ...june, knownAt: null });
    console.log(
      `as-of: ${check.length} products; June: ${report.sales.saleLines.toLocaleString('en')} sale lines, ` +
        `${report.movements.stockIn.count + report.movements.stockOut.count} movements, sales ${report.sales.totalSales}`,
    );

    const rows = [
      '| query | median ms | p95 ms | max ms |',
      '|---|---|---|---|',
      await time(`stock as of a date (GET /api/inventory?asOf), ${products} products`, 30, () =>
        listInventoryAsOf(knex, { asOf }),
      ),
      await time('stock now (GET /api/inventory)', 30, () => listInventoryAsOf(knex, { asOf: null })),
      await time('one-month report (GET /api/reports/summary)', 20, () =>
        getReportSummary(knex, { ...june, knownAt: null }),
      ),
      await time('one-month report as known at mid-month', 20, () =>
        getReportSummary(knex, { ...june, knownAt: new Date('2025-06-15T00:00:00+01:00') }),
      ),
      await time(`one product's history (${perProduct} entries)`, 20, () => getProductHistory(knex, check[0]!.id)),
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
