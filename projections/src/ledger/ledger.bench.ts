/**
 * Ledger read speed over a big history, outside Jest:
 *   npm run build:server && node projections/dist/ledger/ledger.bench.js [products=1000] [entriesPerProduct=1000]
 * PGlite in memory, or with DATABASE_URL a scratch database created on that server and dropped after.
 * The ledger tables are seeded directly with generate_series (what projecting 1,000,000 events would
 * leave behind: one stock_ledger row per event, a ledger_sales row per sale line), so the figures
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
  await knex.raw(
    `insert into ledger_products (product_id, name, sku, category, price, cost_price, min_stock_level, images, created_at,
       balance, entries, last_at, created_commit, created_prepare)
     select md5('p' || p)::uuid, 'Product ' || p, 'SKU-' || p, 'Category ' || (p % 10), 100 + (p % 50), 60 + (p % 30), 10,
       '[]', timestamptz '2025-01-01 00:00:00+01' + make_interval(secs => ${step} + p),
       500 + 5 * (${perProduct} / 3) - 2 * (${perProduct} - 1 - ${perProduct} / 3), ${perProduct},
       timestamptz '2025-01-01 00:00:00+01' + make_interval(secs => ${perProduct} * ${step} + p), p, p
     from generate_series(1, ${products}) p`,
  );
  for (let first = 1; first <= products; first += 50) {
    const last = Math.min(products, first + 49);
    await knex.raw(
      `insert into stock_ledger (product_id, entry_no, event_id, event_type, movement_id, direction, quantity, change,
         balance_after, reason, unit_price, cost_price, cost_in_force, price_in_force, total_value, original_total,
         discount_percentage, discount_amount, seller_name, actor_name, at, ledger_at, product_name, product_sku,
         position_commit, position_prepare)
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
         t, t, 'Product ' || p, 'SKU-' || p, n::numeric * 100000 + p, 0
       from generate_series(${first}, ${last}) p, generate_series(1, ${perProduct}) n,
         lateral (select timestamptz '2025-01-01 00:00:00+01' + make_interval(secs => n * ${step} + p) as t) times`,
    );
  }
  await knex.raw(
    `insert into ledger_sales (event_id, movement_id, product_id, category, staff, sign, effective_at, recorded_at,
       quantity, total_value, original_total, discount_amount, profit)
     select l.event_id, l.movement_id, l.product_id, p.category, l.seller_name, 1, l.at, l.at, 2, l.total_value,
       l.original_total, 0, (l.unit_price - l.cost_price) * 2
     from stock_ledger l join ledger_products p using (product_id) where l.reason = 'sale'`,
  );
  // The daily sums the projection keeps beside the lines (Lagos day = UTC + 1 hour, all year).
  await knex.raw(
    `insert into ledger_sales_daily (effective_day, recorded_day, category, staff, total_value, original_total,
       discount_amount, profit, quantity, sale_lines, reversed_lines)
     select d, d, category, staff, sum(total_value), sum(original_total), sum(discount_amount), sum(profit),
       sum(quantity), count(*), 0
     from (select *, ((effective_at at time zone 'UTC') + interval '1 hour')::date as d from ledger_sales) s
     group by d, category, staff`,
  );
  await knex.raw(
    `insert into ledger_movements_daily (day, direction, reason, count, units, value)
     select ((at at time zone 'UTC') + interval '1 hour')::date, direction, reason, count(*), sum(quantity), sum(total_value)
     from stock_ledger where movement_id is not null group by 1, 2, 3`,
  );
  for (const table of ['ledger_sales_daily', 'ledger_movements_daily']) await knex.raw(`vacuum analyze ${table}`);
  await knex.raw('vacuum analyze ledger_products');
  await knex.raw('vacuum analyze stock_ledger');
  await knex.raw('vacuum analyze ledger_sales');
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
    const [{ count: entries } = { count: 0 }] = await knex('stock_ledger').count<{ count: string }[]>({ count: '*' });
    const [{ count: sales } = { count: 0 }] = await knex('ledger_sales').count<{ count: string }[]>({ count: '*' });
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
