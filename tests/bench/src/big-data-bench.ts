import { performance } from 'node:perf_hooks';
import {
  allProjections,
  getDashboardMetrics,
  getReportSummary,
  listAudit,
  listInventoryAsOf,
  listProducts,
  newestTransactions,
  migrateReadModels,
  rebuildReadModels,
} from '@shop/projections';
import { openDatabase } from '@shop/infrastructure';
import { PostgresEventStore } from '@shop/infrastructure';
import type { EngineTarget } from './engine-target';
import { bigShopHistory } from './shop-history';

export interface QueryFigure {
  readonly label: string;
  readonly p50Ms: number;
  readonly targetMs: number | null;
}

export interface BigDataFigures {
  readonly events: number;
  readonly products: number;
  readonly appendPerSecond: number;
  readonly rebuildMs: number;
  readonly rebuildPerSecond: number;
  readonly queries: readonly QueryFigure[];
}

const TILL_PRODUCTS = 5_000;
const RUNS = 15;
const quietLogger = { info: () => undefined, warn: console.warn, error: console.error };

/** Median of RUNS timed calls, after one warm-up call. */
async function p50(run: () => Promise<unknown>): Promise<number> {
  await run();
  const times: number[] = [];
  for (let index = 0; index < RUNS; index++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(RUNS / 2)]!;
}

/**
 * The 1,000,000-event figures, on a fresh database: the generated history (5,000 products, the
 * till's catalogue) appended straight to the store in large batches, every read model built by a
 * full rebuild (timed), then the queries behind the screens timed in this process, as the gateway
 * runs them (without HTTP): dashboard metrics, stock as of a date, a one-month report, the audit
 * page (first page and filtered by a product) and the product list the till searches.
 */
export async function benchBigDataSet(
  target: EngineTarget,
  eventCount: number,
  step: (message: string) => void,
): Promise<BigDataFigures> {
  const fresh = await target.fresh();
  const database = await openDatabase(fresh.options);
  const store = await PostgresEventStore.open(database.knex);
  try {
    const { knex } = database;
    await migrateReadModels(knex);
    const products = Math.min(TILL_PRODUCTS, Math.max(1, Math.floor(eventCount / 20)));
    const started = performance.now();
    let appended = 0;
    for (const batch of bigShopHistory(eventCount, products)) {
      await store.appendMany(batch);
      appended += batch.reduce((sum, append) => sum + append.events.length, 0);
      if (appended % 100_000 < 5_000) step(`  appended ${appended.toLocaleString('en-US')} events`);
    }
    const appendMs = performance.now() - started;

    const rebuild = await rebuildReadModels({
      knex,
      eventStore: store,
      projections: allProjections,
      logger: quietLogger,
    });
    step(`  rebuilt in ${(rebuild.durationMs / 1000).toFixed(1)} s`);

    const { rows } = await knex.raw<{ rows: { id: string; name: string }[] }>(
      'select id, name from products order by sku limit 1',
    );
    const productId = rows[0]?.id;
    const productName = rows[0]?.name;
    if (!productId || !productName) throw new Error('the rebuild left no products');
    // The history runs one event a minute from 2024-01-01: a date and a month inside it.
    const minutes = eventCount;
    const middle = new Date(Date.UTC(2024, 0, 1) + (minutes / 2) * 60_000);
    const monthStart = new Date(Date.UTC(middle.getUTCFullYear(), middle.getUTCMonth(), 1));
    const monthEnd = new Date(Date.UTC(middle.getUTCFullYear(), middle.getUTCMonth() + 1, 1));
    const queries: QueryFigure[] = [
      { label: 'dashboard metrics', targetMs: 5, p50Ms: await p50(() => getDashboardMetrics(knex, new Date())) },
      {
        label: 'stock as of a date (GET /api/inventory?asOf=)',
        targetMs: 50,
        p50Ms: await p50(() => listInventoryAsOf(knex, { asOf: middle, inclusive: true })),
      },
      {
        label: 'one-month report (GET /api/reports/summary)',
        targetMs: 200,
        p50Ms: await p50(() => getReportSummary(knex, { from: monthStart, to: monthEnd, knownAt: null })),
      },
      { label: 'audit page, first page', targetMs: 50, p50Ms: await p50(() => listAudit(knex, { limit: 50 })) },
      {
        label: 'audit page, filtered by a product',
        targetMs: 50,
        p50Ms: await p50(() => listAudit(knex, { entity: 'product', entityId: productId, limit: 50 })),
      },
      {
        label: "audit page, searched for one product's name (a rare text)",
        targetMs: 50,
        p50Ms: await p50(() => listAudit(knex, { q: productName, limit: 50 })),
      },
      {
        label: 'audit page, searched for a common text ("stock out")',
        targetMs: 50,
        p50Ms: await p50(() => listAudit(knex, { q: 'stock out', limit: 50 })),
      },
      {
        label: 'dashboard recent transactions (GET /api/transactions?limit=4)',
        targetMs: null,
        p50Ms: await p50(() => newestTransactions(knex, 4)),
      },
      {
        label: `till product search, ${products.toLocaleString('en-US')} products (GET /api/products)`,
        targetMs: null,
        p50Ms: await p50(() => listProducts(knex)),
      },
    ];
    return {
      events: appended,
      products,
      appendPerSecond: (appended * 1000) / appendMs,
      rebuildMs: rebuild.durationMs,
      rebuildPerSecond: (rebuild.eventsRead * 1000) / rebuild.durationMs,
      queries,
    };
  } finally {
    await store.close();
    await database.close();
    await fresh.drop();
  }
}
