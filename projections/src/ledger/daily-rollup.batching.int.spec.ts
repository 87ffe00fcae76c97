import { productCreated, stockIssued } from '../testing/event-builders';
import { FakeLedger, newEvent, project, snapshotTables, useReadModelDatabase } from '../testing/projection-test-kit';
import { productLedgerProjection } from './product-ledger.projection';

/**
 * Appends commit out of clock order (each command reads the clock before its append joins a group
 * commit), so the ledger and the day's rollup row must not depend on where the runner's batches ended.
 */
describe('product ledger and daily rollup: the same rows however the events are batched', () => {
  const db = useReadModelDatabase();
  const cream = productCreated({ name: 'Cream', price: '1500.00', costPrice: '1000.00', openingStock: 10 });
  const sale = () => stockIssued(cream.productId, 1, '1500.00', { costPrice: '1000.00' });
  // Position order: the later clock reading is stored first.
  const events = new FakeLedger().stored([
    newEvent('ProductCreated', cream, '2025-03-10T09:00:00.000Z'),
    newEvent('StockIssued', sale(), '2025-03-10T10:00:00.900Z'),
    newEvent('StockIssued', sale(), '2025-03-10T10:00:00.800Z'),
  ]);
  const tables = ['product_ledger', 'daily_rollup'];

  it('writes the same rows in one batch as across two', async () => {
    await project(db.knex, productLedgerProjection, events);
    const together = await snapshotTables(db.knex, tables);
    await db.knex.raw('truncate product_ledger, daily_rollup');
    await db.knex('projection_checkpoints').where({ name: 'stock_ledger' }).update({ commit: null, prepare: null });
    await project(db.knex, productLedgerProjection, events.slice(0, 2));
    await project(db.knex, productLedgerProjection, events.slice(2), events[1]!.position);
    expect(await snapshotTables(db.knex, tables)).toEqual(together);
    expect(together.daily_rollup).toEqual([
      expect.objectContaining({ direction: 'out', reason: 'sale', count: 2, sale_lines: 2, out_profit: 1000 }),
    ]);
    // The second sale is clamped to the first's ledger time: stock as of T never goes back.
    const ledgerTimes = (together.product_ledger as { entry_no: number; ledger_at: string }[])
      .sort((a, b) => a.entry_no - b.entry_no)
      .map((row) => row.ledger_at);
    expect(ledgerTimes).toEqual([
      '2025-03-10T09:00:00+00:00',
      '2025-03-10T10:00:00.9+00:00',
      '2025-03-10T10:00:00.9+00:00',
    ]);
  });
});
