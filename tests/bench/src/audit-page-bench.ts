/**
 * Audit page timings at 1,000,000 events (docs/benchmarks.md, "Audit page"): the first page, and
 * pages filtered by entity, by user, by free text and by a date range, as GET /api/audit runs them
 * (listAudit). Rows are generated in SQL straight into the read models: the bench measures the
 * query, not the projection. PostgreSQL only (DATABASE_URL); a scratch database, dropped after.
 *
 *   npm run build:server && DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node tests/bench/dist/audit-page-bench.js
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import knexFactory, { type Knex } from 'knex';
import { listAudit, migrateReadModels, type AuditFilter } from '@shop/projections';

const EVENTS = Number(process.env.BENCH_AUDIT_EVENTS ?? 1_000_000);
const RUNS = 7;

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required (a PostgreSQL server)');
  const name = `bench_audit_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  await admin.raw(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const knex = knexFactory({ client: 'pg', connection: url.toString(), pool: { min: 0, max: 2 } });
  try {
    await migrateReadModels(knex);
    const started = performance.now();
    await seed(knex);
    console.log(`seeded ${EVENTS} audit rows in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const cases: [string, AuditFilter][] = [
      ['first page (50, no filter)', { limit: 50 }],
      ['entity = sale', { entity: 'sale', limit: 50 }],
      ['user (byId)', { byId: 'user-7', limit: 50 }],
      ['free text, common ("Stock out")', { q: 'stock out', limit: 50 }],
      ['free text, one product SKU', { q: 'SKU-00042)', limit: 50 }],
      ['date range (one day, a month back)', { from: new Date(dayStart(30)), to: new Date(dayStart(29)), limit: 50 }],
      ['entity + user + text', { entity: 'product', byId: 'user-3', q: 'waste', limit: 50 }],
    ];
    const first = await listAudit(knex, { limit: 50 });
    cases.push(['second page (cursor)', { limit: 50, before: first.nextBefore ?? undefined }]);
    console.log('| Query | Rows | Median (ms) | Max (ms) |');
    console.log('|---|---:|---:|---:|');
    for (const [label, filter] of cases) {
      const times: number[] = [];
      let rows = 0;
      for (let run = 0; run < RUNS; run++) {
        const start = performance.now();
        rows = (await listAudit(knex, filter)).entries.length;
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      console.log(`| ${label} | ${rows} | ${times[RUNS >> 1]!.toFixed(1)} | ${times[RUNS - 1]!.toFixed(1)} |`);
    }
  } finally {
    await knex.destroy();
    await admin.raw(`drop database if exists ${name} with (force)`);
    await admin.destroy();
  }
}

const dayStart = (daysAgo: number) => Date.UTC(2026, 0, 1) - daysAgo * 86_400_000;

/**
 * One row per "event": a year of history, 10 users, 5,000 products, sales, stock moves, sign-ins.
 * Sales and sign-ins go to audit_log, stock moves to product_ledger (where GET /api/audit reads a
 * product's events from), so a page is the union of the two, as in the app.
 */
async function seed(knex: Knex): Promise<void> {
  const at = `to_timestamp(${Date.UTC(2026, 0, 1) / 1000} - (? - i) * (31536000.0 / ?))`;
  await knex.raw(
    `insert into audit_log (event_id, entity, entity_id, event_type, summary, details, changes, actor_id, actor_name,
       at, position_commit, position_prepare)
     select gen_random_uuid(),
       case when i % 10 = 0 then 'sale' else 'user' end,
       case when i % 10 = 0 then 'sale-' || i else 'user-' || (i % 10) end,
       case when i % 10 = 0 then 'SaleRecorded' else 'UserSignedIn' end,
       case when i % 10 = 0 then 'Sale sale-' || i || ': 1 line(s), 2500.00 (cash)'
            else 'user' || (i % 10) || ' signed in' end,
       '{}'::jsonb, '[]'::jsonb, 'user-' || (i % 10), 'user' || (i % 10), ${at}, i, i
     from generate_series(1, ?) as i where i % 10 < 2`,
    [EVENTS, EVENTS, EVENTS],
  );
  await knex.raw(
    `insert into product_ledger (product_id, entry_no, event_id, event_type, movement_id, direction, quantity, change,
       balance_after, reason, price_in_force, total_value, actor_id, actor_name, at, ledger_at, product_name,
       product_sku, category, summary, text_id, changes, position_commit, position_prepare)
     select md5('p' || (i % 5000))::uuid, i, gen_random_uuid(),
       case when i % 10 < 6 then 'StockIssued' else 'StockReceived' end, gen_random_uuid(),
       case when i % 10 < 6 then 'out' else 'in' end, 1, case when i % 10 < 6 then -1 else 2 end, 0,
       case when i % 10 >= 6 then 'purchase' when i % 7 = 0 then 'waste' else 'sale' end, 2500, 2500,
       'user-' || (i % 10), 'user' || (i % 10), ${at}, ${at}, 'Product ' || (i % 5000),
       'SKU-' || lpad((i % 5000)::text, 5, '0'), 'Skincare Products',
       text.summary, md5(text.summary || 'user' || (i % 10))::uuid, '[]'::jsonb, i, i
     from generate_series(1, ?) as i,
       lateral (select case when i % 10 < 6
         then 'Stock out: 1 × Product ' || (i % 5000) || ' (SKU-' || lpad((i % 5000)::text, 5, '0')
              || ') (' || (case when i % 7 = 0 then 'waste' else 'sale' end) || '), 2500.00'
         else 'Stock in: 2 × Product ' || (i % 5000) || ' (SKU-' || lpad((i % 5000)::text, 5, '0')
              || ') (purchase), 5000.00' end as summary) text
     where i % 10 >= 2`,
    [EVENTS, EVENTS, EVENTS, EVENTS, EVENTS],
  );
  // The free text of the ledger's rows is looked for in their distinct texts, as the projection keeps them.
  await knex.raw(`insert into ledger_audit_texts (text_id, summary, actor_name)
    select distinct text_id, summary, actor_name from product_ledger on conflict do nothing`);
  await knex.raw('analyze audit_log');
  await knex.raw('analyze product_ledger');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
