import { productCreated, stockIssued } from '../testing/event-builders';
import { FakeLedger, newEvent, project, snapshotTables, useReadModelDatabase } from '../testing/projection-test-kit';
import { dailySalesProjection } from './daily-sales.projection';

/**
 * Appends commit out of clock order (each command reads the clock before its append joins a group
 * commit), so a day's row must not depend on where the runner's batches happened to end.
 */
describe('daily sales: the same row however the events are batched', () => {
  const db = useReadModelDatabase();
  const cream = productCreated({ name: 'Cream', price: '1500.00', costPrice: '1000.00', openingStock: 10 });
  const sale = () => stockIssued(cream.productId, 1, '1500.00', { costPrice: '1000.00' });
  // Position order: the later clock reading is stored first.
  const events = new FakeLedger().stored([
    newEvent('StockIssued', sale(), '2025-03-10T10:00:00.900Z'),
    newEvent('StockIssued', sale(), '2025-03-10T10:00:00.800Z'),
  ]);

  it('keeps the latest time in one batch, as across two', async () => {
    await project(db.knex, dailySalesProjection, events);
    const together = await snapshotTables(db.knex, ['daily_sales']);
    await db.knex('daily_sales').delete();
    await db.knex('projection_checkpoints').where({ name: 'daily_sales' }).update({ commit: null, prepare: null });
    await project(db.knex, dailySalesProjection, events.slice(0, 1));
    await project(db.knex, dailySalesProjection, events.slice(1), events[0]!.position);
    expect(await snapshotTables(db.knex, ['daily_sales'])).toEqual(together);
    expect(together.daily_sales).toEqual([expect.objectContaining({ sale_lines: 2, updated_at: '2025-03-10T10:00:00.9+00:00' })]);
  });
});
