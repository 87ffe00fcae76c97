import {
  comparePositions,
  PostgresEventStore,
  readUntil,
  type GlobalPosition,
  type NewEvent,
} from '@shop/infrastructure';
import { allProjections } from '../all-projections';
import type { ProjectionSql } from '../shared/projection-sql';
import {
  newEvent,
  openReadModelDatabase,
  productCreated,
  snapshotTables,
  spyOnProject,
  stockIssued,
  stockReceived,
} from '../testing/projection-test-kit';
import { ProjectionRunner } from './projection-runner';
import { rebuildReadModels } from './rebuild-read-models';
import { listSetAside } from './set-aside.store';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
const allTables = allProjections.flatMap((projection) => projection.tables);
/** A total the ledger's numeric column cannot hold: the database refuses that row. */
const POISON_TOTAL = `${'9'.repeat(30)}.99`;

/** `count` movements of one product, receipts and sales in turn, a minute apart. */
function movements(productId: string, count: number, poisonAt?: number): NewEvent[] {
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(Date.UTC(2025, 2, 10, 8, index)).toISOString();
    if (index === poisonAt)
      return newEvent('StockReceived', stockReceived(productId, 1, { totalValue: POISON_TOTAL }), at);
    return index % 2 === 0
      ? newEvent('StockReceived', stockReceived(productId, 3, { costPrice: `${1000 + (index % 7)}.00` }), at)
      : newEvent('StockIssued', stockIssued(productId, 2, '1500.00'), at);
  });
}

/**
 * A catch-up's large delivery hands the ledger's rows to the database in slices while the rest are
 * built (ProjectionSql.sendNow): what it stores must be what one insert, or a rebuild, stores, and a
 * row refused in a later slice must still send the whole delivery the plain way (the first slices,
 * already sent, rolled back with it).
 */
describe.each([
  // 2,101 events: slices sent at events 1,000 and 2,000, the rest at the end.
  ['every slice accepted', 2_100, undefined, 2],
  // Kept short: the plain way then applies the delivery again in ever smaller runs inside one
  // transaction, which holds back reads in every database of a shared server while it lasts.
  ['a row refused in the second slice', 1_100, 1_050, 1],
])('a bulk delivery sliced: %s', (_, count, poisonAt, slices) => {
  it('stores what a rebuild stores, and sets aside only the refused event', async () => {
    const database = await openReadModelDatabase();
    const store = await PostgresEventStore.open(database.knex);
    let slicesSent = 0;
    const deliveries: string[] = [];
    const projections = spyOnProject(allProjections, 'stock_ledger', (sql) => {
      const sendNow = sql.sendNow;
      deliveries.push(sendNow ? 'sliced' : 'plain');
      if (!sendNow) return;
      const counted = Object.create(sql) as ProjectionSql & { sendNow: () => void };
      counted.sendNow = () => {
        slicesSent += 1;
        sendNow();
      };
      return counted;
    });
    const runner = new ProjectionRunner({ logger: quiet, retryDelaysMs: [] });
    try {
      const cream = productCreated({ openingStock: 5 });
      const stream = `product-${cream.productId}`;
      await store.append(stream, [newEvent('ProductCreated', cream, '2025-03-10T07:00:00.000Z')], 0);
      const head = (await store.append(stream, movements(cream.productId, count, poisonAt), 1)).position;
      const settled = await readUntil(
        () => store.headPosition(),
        (position: GlobalPosition | null) => position !== null && comparePositions(position, head) >= 0,
      );
      expect(settled).toEqual(head);

      await runner.start(store, database.knex, projections);
      expect(await runner.waitFor(head, 60_000, { skipFailing: true })).toBe(true);
      await runner.stop();

      // One delivery of every event, in slices of 1,000; with a refused row, the same events again the
      // plain way (then one by one, to find the refused one).
      expect(slicesSent).toBe(slices);
      expect(deliveries[0]).toBe('sliced');
      expect(deliveries.slice(1)).toEqual(poisonAt === undefined ? [] : expect.not.arrayContaining(['sliced']));
      if (poisonAt !== undefined) expect(deliveries.length).toBeGreaterThan(1);
      const setAside = await listSetAside(database.knex);
      expect(setAside.map((event) => event.projection)).toEqual(poisonAt === undefined ? [] : ['stock_ledger']);
      const [rows] = await database.knex('product_ledger').count({ n: '*' });
      expect(Number(rows?.n)).toBe(poisonAt === undefined ? count + 1 : count);

      const caughtUp = await snapshotTables(database.knex, allTables);
      await rebuildReadModels({ knex: database.knex, eventStore: store, projections: allProjections, logger: quiet });
      expect(await snapshotTables(database.knex, allTables)).toEqual(caughtUp);
    } finally {
      await runner.stop();
      await store.close();
      await database.drop();
    }
  });
});
