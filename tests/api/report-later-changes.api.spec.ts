import { reportSummaryResponse } from '@shop/contracts';
import { useTestApp } from './support/use-test-app';

const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

/** An instant strictly between two requests: the server stamps events with its own clock. */
async function mark(): Promise<string> {
  await pause();
  const at = new Date().toISOString();
  await pause();
  return at;
}

/**
 * GET /api/reports/summary?knownAt= lists what was recorded after knownAt and changes the figures
 * (`recordedLater`): the reversal of a sale of the period, a sale of the period entered later, a
 * movement recorded in the range later; nothing without knownAt or when nothing came later.
 */
describe('report summary: what was recorded after knownAt', () => {
  const app = useTestApp();

  it('names the reversal, the later sale and the later movement that make today differ', async () => {
    const start = await mark();
    const { body: product } = await app.manager.post('/api/products', {
      name: 'Rose Toner',
      sku: 'ROSE-1',
      category: 'Skincare Products',
      price: '1500.00',
      costPrice: '1000.00',
      currentStock: 20,
    });
    const sale = await app.manager.post('/api/sales', {
      saleId: 'CASH-LATER-1',
      items: [{ productId: product.id, quantity: 2 }],
      discountPercentage: '0',
      paymentMethod: 'cash',
    });
    expect(sale.status).toBe(201);
    const firstLine = sale.body.lines[0];
    const afterSale = await mark();

    const reversal = await app.manager.post(`/api/transactions/${firstLine.id}/reverse`, { notes: 'Rang up twice' });
    expect(reversal.status).toBe(201);
    const secondSale = await app.manager.post('/api/sales', {
      saleId: 'CASH-LATER-2',
      items: [{ productId: product.id, quantity: 1 }],
      discountPercentage: '0',
      paymentMethod: 'cash',
    });
    expect(secondSale.status).toBe(201);
    const receipt = await app.manager.post('/api/transactions', {
      productId: product.id,
      type: 'in',
      quantity: 4,
      unitPrice: '1500.00',
      reason: 'purchase',
    });
    expect(receipt.status).toBe(201);
    const end = await mark();

    const range = `from=${encodeURIComponent(start)}&to=${encodeURIComponent(end)}`;
    const known = await app.manager.get(`/api/reports/summary?${range}&knownAt=${encodeURIComponent(afterSale)}`);
    expect(known.status).toBe(200);
    const report = reportSummaryResponse.parse(known.body);
    expect(report.sales).toMatchObject({ totalSales: '3000.00', unitsSold: 2, reversedLines: 0 });
    expect(report.recordedLater.count).toBe(3);
    expect(report.recordedLater.entries).toEqual([
      expect.objectContaining({
        kind: 'reversal',
        type: 'in',
        reverses: firstLine.id,
        effectiveAt: new Date(firstLine.createdAt).toISOString(),
        productSku: 'ROSE-1',
        quantity: 2,
        totalValue: '3000.00',
        by: 'manager',
        notes: 'Rang up twice',
      }),
      expect.objectContaining({ kind: 'sale', type: 'out', reason: 'sale', quantity: 1, saleId: 'CASH-LATER-2' }),
      expect.objectContaining({ kind: 'movement', type: 'in', reason: 'purchase', quantity: 4, reverses: null }),
    ]);
    for (const entry of report.recordedLater.entries) expect(entry.recordedAt > afterSale).toBe(true);

    // Today's figures: corrected, nothing recorded "later".
    const today = reportSummaryResponse.parse((await app.manager.get(`/api/reports/summary?${range}`)).body);
    expect(today.sales).toMatchObject({ totalSales: '1500.00', unitsSold: 1, reversedLines: 1 });
    expect(today.recordedLater).toEqual({ count: 0, entries: [] });
    const now = await app.manager.get(`/api/reports/summary?${range}&knownAt=${encodeURIComponent(end)}`);
    expect(now.body.recordedLater).toEqual({ count: 0, entries: [] });

    // A period that ended before the sale: its reversal does not touch it.
    const before = `from=2020-01-01&to=2020-01-31&knownAt=${encodeURIComponent(afterSale)}`;
    expect((await app.manager.get(`/api/reports/summary?${before}`)).body.recordedLater).toEqual({
      count: 0,
      entries: [],
    });
  });

  it('refuses figures as known at a day still to come with 400, and takes today', async () => {
    const lagosDay = (time: number) => new Date(time + 3_600_000).toISOString().slice(0, 10);
    const today = lagosDay(Date.now());
    const tomorrow = lagosDay(Date.now() + 86_400_000);
    const range = `from=${today}&to=${today}`;
    expect((await app.manager.get(`/api/reports/summary?${range}&knownAt=${today}`)).status).toBe(200);
    for (const knownAt of [tomorrow, '2999-01-15', new Date(Date.now() + 2 * 86_400_000).toISOString()]) {
      expect(
        await app.manager.get(`/api/reports/summary?${range}&knownAt=${encodeURIComponent(knownAt)}`),
      ).toMatchObject({
        status: 400,
        body: { message: '`knownAt` must be today or earlier: figures are only known up to now' },
      });
    }
  });
});
