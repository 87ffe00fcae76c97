import { randomUUID } from 'node:crypto';
import {
  FakeLedger,
  newEvent,
  useReadModelDatabase,
  productCreated,
  project,
  stockIssued,
  stockReceived,
} from '../testing/projection-test-kit';
import { getDashboardMetrics } from '../dashboard/get-dashboard-metrics.query';
import { getReportSummary } from '../reports/report-summary.query';
import { listInventoryAsOf } from './inventory-as-of.query';
import { getProductHistory } from './product-history.query';
import { productLedgerProjection } from './product-ledger.projection';

describe('product ledger projection', () => {
  const db = useReadModelDatabase();

  it('numbers entries per product across batches, keeps balances, and answers as-of queries', async () => {
    const ledger = new FakeLedger();
    const cream = productCreated({ name: 'Cream', openingStock: 10, costPrice: '1000.00', price: '1500.00' });
    const receipt = stockReceived(cream.productId, 5, { costPrice: '1200.00' });
    const sale = stockIssued(cream.productId, 3, '1500.00', {
      costPrice: '1200.00',
      discountAmount: '450.00',
      discountPercentage: '10.00',
      totalValue: '4050.00',
      originalTotal: '4500.00',
      sellerName: 'bola',
    });
    const first = ledger.stored([
      newEvent('ProductCreated', cream, '2025-03-10T08:00:00.000Z'),
      newEvent('StockReceived', receipt, '2025-03-10T09:00:00.000Z'),
    ]);
    await project(db.knex, productLedgerProjection, first);
    // A later batch whose first event carries an earlier time (a retried writer): clamped, not reordered.
    const second = ledger.stored([
      newEvent('StockIssued', sale, '2025-03-10T08:30:00.000Z'),
      newEvent('StockReceived', stockReceived(randomUUID(), 2), '2025-03-10T10:00:00.000Z'),
    ]);
    await project(db.knex, productLedgerProjection, second, first.at(-1)!.position);
    const reversal = stockReceived(cream.productId, 3, {
      reason: 'adjustment',
      unitPrice: '1500.00',
      totalValue: '4050.00',
      reverses: {
        movementId: sale.movementId,
        type: 'out',
        reason: 'sale',
        at: '2025-03-10T08:30:00.000Z',
        quantity: 3,
        sellerName: 'bola',
        saleId: null,
        unitPrice: '1500.00',
        costPrice: '1200.00',
        originalTotal: '4500.00',
        discountAmount: '450.00',
        totalValue: '4050.00',
      },
    });
    const third = ledger.stored([
      newEvent('StockReceived', reversal, '2025-03-12T08:00:00.000Z'),
      newEvent('ProductDeleted', { productId: cream.productId }, '2025-03-13T08:00:00.000Z'),
    ]);
    await project(db.knex, productLedgerProjection, third, second.at(-1)!.position);

    const history = await getProductHistory(db.knex, cream.productId);
    expect(
      history?.entries.map((entry) => [
        entry.entryNo,
        entry.event,
        entry.change,
        entry.balanceAfter,
        entry.costInForce,
      ]),
    ).toEqual([
      [1, 'ProductCreated', 10, 10, '1000.00'],
      [2, 'StockReceived', 5, 15, '1200.00'],
      [3, 'StockIssued', -3, 12, '1200.00'],
      [4, 'StockReceived', 3, 15, '1200.00'],
      [5, 'ProductDeleted', 0, 15, '1200.00'],
    ]);
    expect(history?.entries[2]).toMatchObject({ reversedBy: reversal.movementId, staff: 'bola' });
    expect(history?.entries[3]).toMatchObject({ reference: sale.movementId });
    expect(history?.product).toMatchObject({ deletedAt: '2025-03-13T08:00:00.000Z', currentStock: 15 });

    const at = (iso: string) => listInventoryAsOf(db.knex, { asOf: new Date(iso) });
    expect(await at('2025-03-10T07:59:59.999Z')).toEqual([]);
    // The sale at 08:30 was recorded after 09:00: its ledger time is 09:00, never before the receipt.
    expect((await at('2025-03-10T08:45:00.000Z')).find((item) => item.id === cream.productId)).toMatchObject({
      currentStock: 10,
      costPrice: '1000.00',
    });
    expect((await at('2025-03-10T09:00:00.000Z')).find((item) => item.id === cream.productId)).toMatchObject({
      currentStock: 12,
      costPrice: '1200.00',
      stockValue: '18000.00',
    });
    const orphan = (await at('2025-03-11T00:00:00.000Z')).find((item) => item.id !== cream.productId);
    expect(orphan).toMatchObject({ name: 'Unknown Product', currentStock: 2 });
    expect((await at('2025-03-13T08:00:00.000Z')).map((item) => item.name)).toEqual(['Unknown Product']);

    const day = { from: new Date('2025-03-10T00:00:00.000Z'), to: new Date('2025-03-11T00:00:00.000Z') };
    expect((await getReportSummary(db.knex, { ...day, knownAt: null })).sales).toMatchObject({
      totalSales: '0.00',
      saleLines: 0,
      reversedLines: 1,
    });
    const before = await getReportSummary(db.knex, { ...day, knownAt: new Date('2025-03-11T00:00:00.000Z') });
    expect(before.sales).toMatchObject({
      totalSales: '4050.00',
      discounts: '450.00',
      profit: '900.00',
      profitNetOfDiscounts: '450.00',
      unitsSold: 3,
    });
    expect(before.byStaff).toEqual([expect.objectContaining({ staff: 'bola', unitsSold: 3 })]);
    expect(before.movements.stockIn).toEqual({ count: 2, units: 7, value: '7000.00' });
  });
});

describe('product ledger projection: profit of a line without a cost', () => {
  const db = useReadModelDatabase();

  it("costs a sale line recorded without a cost price at the product's price (spec 9), reversal included", async () => {
    const ledger = new FakeLedger();
    const soap = productCreated({ name: 'Soap', openingStock: 10, costPrice: null, price: '1000.00' });
    // A stock out (reason sale) entered in the stock dialog at a price of its own, and a till line at the price.
    const dialog = stockIssued(soap.productId, 2, '1200.00', { sellerName: 'bola' });
    const till = stockIssued(soap.productId, 1, '1000.00', { sellerName: 'bola' });
    const reversal = stockReceived(soap.productId, 2, {
      reason: 'adjustment',
      unitPrice: '1200.00',
      totalValue: '2400.00',
      reverses: {
        movementId: dialog.movementId,
        type: 'out',
        reason: 'sale',
        at: '2025-04-10T09:00:00.000Z',
        quantity: 2,
        sellerName: 'bola',
        saleId: null,
        unitPrice: '1200.00',
        costPrice: null,
        originalTotal: '2400.00',
        discountAmount: '0.00',
        totalValue: '2400.00',
      },
    });
    const created = ledger.stored([newEvent('ProductCreated', soap, '2025-04-10T08:00:00.000Z')]);
    await project(db.knex, productLedgerProjection, created);
    const sold = ledger.stored([
      newEvent('StockIssued', dialog, '2025-04-10T09:00:00.000Z'),
      newEvent('StockIssued', till, '2025-04-10T10:00:00.000Z'),
    ]);
    await project(db.knex, productLedgerProjection, sold, created.at(-1)!.position);

    // (1200.00 − 1000.00) × 2 + (1000.00 − 1000.00) × 1: from the whole day's sums and from the lines alike.
    const wholeDay = { from: new Date('2025-04-09T23:00:00.000Z'), to: new Date('2025-04-10T23:00:00.000Z') };
    const partDay = { from: new Date('2025-04-10T08:30:00.000Z'), to: new Date('2025-04-10T12:00:00.000Z') };
    for (const range of [wholeDay, partDay])
      expect((await getReportSummary(db.knex, { ...range, knownAt: null })).sales).toMatchObject({
        profit: '400.00',
        unitsSold: 3,
      });
    expect((await getDashboardMetrics(db.knex, new Date('2025-04-10T12:00:00.000Z'))).todaysSalesProfit).toBe('400.00');

    await project(
      db.knex,
      productLedgerProjection,
      ledger.stored([newEvent('StockReceived', reversal, '2025-04-10T11:00:00.000Z')]),
      sold.at(-1)!.position,
    );
    expect((await getReportSummary(db.knex, { ...wholeDay, knownAt: null })).sales).toMatchObject({
      profit: '0.00',
      unitsSold: 1,
      reversedLines: 1,
    });
  });
});
