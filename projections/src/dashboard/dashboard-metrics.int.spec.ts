import { dashboardMetrics } from '@shop/contracts';
import { productsProjection } from '../products/products.projection';
import {
  FakeLedger,
  newEvent,
  useReadModelDatabase,
  productCreated,
  project,
  stockIssued,
  stockReceived,
} from '../testing/projection-test-kit';
import { productLedgerProjection } from '../ledger/product-ledger.projection';
import { getDashboardMetrics } from './get-dashboard-metrics.query';

describe('dashboard metrics', () => {
  const db = useReadModelDatabase();
  beforeAll(async () => {
    const ledger = new FakeLedger();
    const cream = productCreated({
      name: 'Cream',
      price: '1500.00',
      costPrice: '1000.00',
      openingStock: 10,
      minStockLevel: 2,
    });
    const serum = productCreated({
      name: 'Serum',
      price: '2000.50',
      costPrice: null,
      openingStock: 3,
      minStockLevel: 5,
    });
    const balm = productCreated({
      name: 'Balm',
      price: '700.00',
      costPrice: '450.00',
      openingStock: 1,
      minStockLevel: 1,
    });
    const gone = productCreated({ name: 'Gone', price: '100.00', openingStock: 50, minStockLevel: 100 });
    const creamSale = (quantity: number) => stockIssued(cream.productId, quantity, '1500.00', { costPrice: '1000.00' });
    const events = ledger.stored([
      newEvent('ProductCreated', cream, '2025-03-01T09:00:00.000Z'),
      newEvent('ProductCreated', serum, '2025-03-01T09:00:00.000Z'),
      newEvent('ProductCreated', balm, '2025-03-01T09:00:00.000Z'),
      newEvent('ProductCreated', gone, '2025-03-01T09:00:00.000Z'),
      newEvent('ProductDeleted', { productId: gone.productId }, '2025-03-02T09:00:00.000Z'),
      // 23:30 in Lagos on the 10th.
      newEvent('StockIssued', creamSale(2), '2025-03-10T22:30:00.000Z'),
      // 00:30 in Lagos on the 11th: today, though still the 10th in UTC.
      newEvent('StockIssued', creamSale(1), '2025-03-10T23:30:00.000Z'),
      newEvent('StockIssued', stockIssued(serum.productId, 1, '2000.50'), '2025-03-11T10:00:00.000Z'),
      newEvent(
        'StockIssued',
        stockIssued(cream.productId, 2, '1500.00', {
          costPrice: '1000.00',
          discountPercentage: '10.00',
          originalTotal: '3000.00',
          discountAmount: '300.00',
          totalValue: '2700.00',
        }),
        '2025-03-11T11:00:00.000Z',
      ),
      newEvent(
        'StockIssued',
        stockIssued(cream.productId, 1, '1500.00', { reason: 'waste' }),
        '2025-03-11T12:30:00.000Z',
      ),
      newEvent(
        'StockReceived',
        stockReceived(cream.productId, 5, { costPrice: '1200.00' }),
        '2025-03-11T13:00:00.000Z',
      ),
      newEvent(
        'StockIssued',
        stockIssued(balm.productId, 1, '700.00', { costPrice: '450.00' }),
        '2025-03-11T22:59:59.999Z',
      ),
      // 00:00 in Lagos on the 12th.
      newEvent('StockIssued', creamSale(1), '2025-03-11T23:00:00.000Z'),
    ]);
    // Two batches, to add to stored days as well as within a batch.
    await project(db.knex, productsProjection, events.slice(0, 7));
    await project(db.knex, productsProjection, events.slice(7), events[6]!.position);
    await project(db.knex, productLedgerProjection, events.slice(0, 7));
    await project(db.knex, productLedgerProjection, events.slice(7), events[6]!.position);
  });

  it('adds up the Lagos business day and the live stock, by hand', async () => {
    const metrics = await getDashboardMetrics(db.knex, new Date('2025-03-11T12:00:00.000Z'));
    dashboardMetrics.parse(metrics);
    expect(metrics).toEqual({
      totalProducts: 3,
      lowStockItems: 2,
      // 1500 + 2000.50 + 2700 (discounted) + 700
      todaysSales: '6900.50',
      // (1500-1000)×1 + 0 (no cost) + (1500-1000)×2 + (700-450)×1
      todaysSalesProfit: '1750.00',
      // cream 8 × 1500 + serum 2 × 2000.50 + balm 0 × 700
      totalStockValue: '16001.00',
      // cream (1500-1200) × 8; serum has no cost
      totalStockProfit: '2400.00',
      todaysUnitsSold: 5,
      pendingOnlineOrders: 0,
      todaysServedOnlineOrders: 0,
      totalCustomers: 0,
      lowStockProducts: [
        expect.objectContaining({ name: 'Balm', currentStock: 0, minStockLevel: 1 }),
        expect.objectContaining({ name: 'Serum', currentStock: 2, minStockLevel: 5 }),
      ],
      // Only offline sales take stock below zero; none here.
      oversoldProducts: [],
    });
  });

  it('takes "today" in Lagos: 23:30 UTC is already the next day', async () => {
    const lateEvening = await getDashboardMetrics(db.knex, new Date('2025-03-10T23:30:00.000Z'));
    expect(lateEvening).toMatchObject({ todaysSales: '6900.50', todaysUnitsSold: 5 });
    const dayBefore = await getDashboardMetrics(db.knex, new Date('2025-03-10T12:00:00.000Z'));
    expect(dayBefore).toMatchObject({ todaysSales: '3000.00', todaysSalesProfit: '1000.00', todaysUnitsSold: 2 });
    const quietDay = await getDashboardMetrics(db.knex, new Date('2025-04-01T12:00:00.000Z'));
    expect(quietDay).toMatchObject({ todaysSales: '0.00', todaysSalesProfit: '0.00', todaysUnitsSold: 0 });
  });

  it('ignores a batch delivered twice', async () => {
    const before = await getDashboardMetrics(db.knex, new Date('2025-03-11T12:00:00.000Z'));
    const ledger = new FakeLedger();
    const replay = ledger.stored([newEvent('StockIssued', stockIssued(before.lowStockProducts[0]!.id, 1, '1.00'))]);
    // Positions 1.. are long past this projection's checkpoint.
    expect((await project(db.knex, productLedgerProjection, replay)).status).toBe('noop');
    expect(await getDashboardMetrics(db.knex, new Date('2025-03-11T12:00:00.000Z'))).toEqual(before);
  });
});

/** Naira with two decimals from a whole number of kobo, exact (BigInt), as the API writes amounts. */
const naira = (kobo: bigint) => {
  const sign = kobo < 0n ? '-' : '';
  const whole = kobo < 0n ? -kobo : kobo;
  return `${sign}${whole / 100n}.${(whole % 100n).toString().padStart(2, '0')}`;
};

describe('dashboard stock value at the limits', () => {
  const db = useReadModelDatabase();
  // The largest price times a billion units is beyond a bigint product (the numeric branch), the
  // same price times just under 900 million within it, and an oversold product counts below zero.
  const top = productCreated({ price: '99999999.99', costPrice: '0.01', openingStock: 1_000_000_000 });
  const near = productCreated({ price: '99999999.99', costPrice: null, openingStock: 899_999_999 });
  const oversold = productCreated({ price: '0.01', costPrice: '0.02', openingStock: 0 });

  beforeAll(async () => {
    const ledger = new FakeLedger();
    const events = ledger.stored([
      newEvent('ProductCreated', top),
      newEvent('ProductCreated', near),
      newEvent('ProductCreated', oversold),
      newEvent('StockIssued', stockIssued(oversold.productId, 5, '0.01')),
    ]);
    await project(db.knex, productsProjection, events);
  });

  it('sums price and margin times stock exactly, whatever their size or sign', async () => {
    const metrics = await getDashboardMetrics(db.knex, new Date('2025-03-11T12:00:00.000Z'));
    const value = 9_999_999_999n * 1_000_000_000n + 9_999_999_999n * 899_999_999n + 1n * -5n;
    // top: (99,999,999.99 - 0.01) per unit; near: no cost, no margin; oversold: -0.01 × -5.
    const profit = 9_999_999_998n * 1_000_000_000n + 0n + -1n * -5n;
    expect(metrics).toMatchObject({
      totalProducts: 3,
      totalStockValue: naira(value),
      totalStockProfit: naira(profit),
      oversoldProducts: [expect.objectContaining({ currentStock: -5 })],
    });
  });
});
