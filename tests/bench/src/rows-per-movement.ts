import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { allProjections, migrateReadModels, ProjectionRunner } from '@shop/projections';
import { openDatabase } from '@shop/infrastructure';
import { PostgresEventStore, type NewEvent, type StreamAppend } from '@shop/infrastructure';
import type { EngineTarget } from './engine-target';
import { inParallel } from './movement-load';

export interface RowsPerMovement {
  readonly movements: number;
  /** Rows inserted, updated and deleted in the read-model tables, per movement. */
  readonly rowsPerMovement: number;
  /** The same by table, most first. */
  readonly byTable: readonly { readonly table: string; readonly rows: number }[];
}

const PRODUCTS = 200;
const MOVEMENTS = 2_000;
const quietLogger = { info: () => undefined, warn: console.warn, error: console.error };

type TableCounts = Map<string, number>;

/** n_tup_ins + n_tup_upd + n_tup_del of every user table, as the statistics views report them. */
async function tableWrites(knex: Knex): Promise<TableCounts> {
  const { rows } = await knex.raw<{ rows: { table: string; writes: string }[] }>(
    `select relname as "table", n_tup_ins + n_tup_upd + n_tup_del as writes from pg_stat_user_tables`,
  );
  return new Map(rows.map((row) => [row.table, Number(row.writes)]));
}

/**
 * Statistics reach the views lazily: each backend flushes its counters when idle, at most once a
 * second. Ask this backend to flush, then read until two reads a second apart agree.
 */
async function settledTableWrites(knex: Knex): Promise<TableCounts> {
  let previous: TableCounts | null = null;
  for (let attempt = 0; attempt < 20; attempt++) {
    await knex.raw('select pg_stat_force_next_flush()');
    const current = await tableWrites(knex);
    if (previous && [...current].every(([table, writes]) => previous!.get(table) === writes)) return current;
    previous = current;
    await new Promise((resolve) => setTimeout(resolve, 1_100));
  }
  return previous!;
}

const movementEvent = (productId: string, sequence: number): NewEvent => {
  const common = { productId, movementId: randomUUID(), sellerName: 'bench', notes: null, saleId: null, quantity: 1 };
  const metadata = { actorId: null, actorName: 'bench', at: new Date().toISOString() };
  return sequence % 2 === 0
    ? {
        type: 'StockReceived',
        schemaVersion: 1,
        metadata,
        data: { ...common, reason: 'purchase', unitPrice: '1000.00', costPrice: '1000.00', totalValue: '1000.00' },
      }
    : {
        type: 'StockIssued',
        schemaVersion: 1,
        metadata,
        data: {
          ...common,
          reason: 'sale',
          unitPrice: '1500.00',
          costPrice: '1000.00',
          originalTotal: '1500.00',
          discountPercentage: '0.00',
          discountAmount: '0.00',
          totalValue: '1500.00',
        },
      };
};

/**
 * Read-model rows written per stock movement, measured generically: the statistics views'
 * insert/update/delete counters of the read-model tables (every table a projection declares)
 * around MOVEMENTS movements (1 unit in, then out, as the HTTP load posts them) appended one per
 * append, 16 at a time, and projected by the ProjectionRunner over every projection, in this process.
 */
export async function measureRowsPerMovement(target: EngineTarget): Promise<RowsPerMovement> {
  const fresh = await target.fresh();
  const database = await openDatabase(fresh.options);
  const store = await PostgresEventStore.open(database.knex);
  const { knex } = database;
  const runner = new ProjectionRunner({ knex, eventStore: store, projections: allProjections, logger: quietLogger });
  try {
    await migrateReadModels(knex);
    const productIds = Array.from({ length: PRODUCTS }, () => randomUUID());
    await store.appendMany(
      productIds.map((productId, index): StreamAppend => ({
        streamId: `product-${productId}`,
        expectedVersion: 'any',
        events: [
          {
            type: 'ProductCreated',
            schemaVersion: 1,
            metadata: { actorId: null, actorName: 'bench', at: new Date().toISOString() },
            data: {
              productId,
              name: `Rows product ${index}`,
              sku: `ROWS-${index}`,
              category: 'Skincare Products',
              price: '1500.00',
              costPrice: '1000.00',
              openingStock: 1_000_000,
              minStockLevel: 5,
              description: null,
              images: [],
            },
          },
        ],
      })),
    );
    await runner.start();
    const waitForHead = async () => {
      const head = await store.newestCommittedPosition();
      if (head && !(await runner.waitFor(head, 300_000))) throw new Error('projections did not catch up');
    };
    await waitForHead();
    const readModelTables = new Set(allProjections.flatMap((projection) => projection.tables));
    const before = await settledTableWrites(knex);
    await inParallel(
      Array.from({ length: MOVEMENTS }, (_, index) => index),
      16,
      (index) =>
        store.appendMany([
          {
            streamId: `product-${productIds[index % PRODUCTS]!}`,
            expectedVersion: 'any',
            events: [movementEvent(productIds[index % PRODUCTS]!, Math.floor(index / PRODUCTS))],
          },
        ]),
    );
    await waitForHead();
    const after = await settledTableWrites(knex);
    const byTable = [...after]
      .filter(([table]) => readModelTables.has(table))
      .map(([table, writes]) => ({ table, rows: (writes - (before.get(table) ?? 0)) / MOVEMENTS }))
      .filter((entry) => entry.rows > 0)
      .sort((a, b) => b.rows - a.rows);
    return {
      movements: MOVEMENTS,
      rowsPerMovement: byTable.reduce((sum, entry) => sum + entry.rows, 0),
      byTable,
    };
  } finally {
    await runner.stop();
    await store.close();
    await database.close();
    await fresh.drop();
  }
}
