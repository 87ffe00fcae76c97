import { productHistoryResponse, reportSummaryResponse, stocktakeResponse } from '@shop/contracts';
import { useTestApp } from './support/use-test-app';
import type { ApiClient } from './support/api-client';

const pause = () => new Promise((resolve) => setTimeout(resolve, 15));

/** An instant strictly between two requests: the server stamps events with its own clock. */
async function mark(): Promise<string> {
  await pause();
  const at = new Date().toISOString();
  await pause();
  return at;
}

describe('ledger corrections: stocktakes and reversals, in history and as-of figures', () => {
  const app = useTestApp();
  let assistant: ApiClient;

  beforeAll(async () => {
    await app.manager.post('/api/users', { username: 'ada', password: 'ada-secret-1' });
    await app.manager.put('/api/settings/page_permissions', { value: { assistant: { inventory: true, sales: true } } });
    assistant = await app.signIn('ada', 'ada-secret-1');
  });

  const stockAsOf = async (productId: string, asOf: string) => {
    const response = await app.manager.get(`/api/inventory?asOf=${encodeURIComponent(asOf)}`);
    expect(response.status).toBe(200);
    return response.body.find((row: { id: string }) => row.id === productId) ?? null;
  };

  it('records differences, reverses mistakes once, and keeps both sides in the history', async () => {
    const beforeCreation = await mark();
    const { body: product } = await app.manager.post('/api/products', {
      name: 'Rose Toner',
      sku: 'ROSE-1',
      category: 'Skincare Products',
      price: '1500.00',
      costPrice: '1000.00',
      currentStock: 10,
      minStockLevel: 8,
    });
    const receipt = await app.manager.post('/api/transactions', {
      productId: product.id,
      type: 'in',
      quantity: 5,
      unitPrice: '1500.00',
      costPrice: '1100.00',
      reason: 'purchase',
    });
    expect(receipt.status).toBe(201);
    const sale = await assistant.post('/api/sales', {
      saleId: 'CASH-LEDGER-1',
      items: [{ productId: product.id, quantity: 4 }],
      discountPercentage: '10',
      paymentMethod: 'cash',
    });
    expect(sale.status).toBe(201);
    const afterSale = await mark();

    // Stocktake: 9 counted where the ledger says 11.
    const counted = await assistant.post('/api/stocktakes', {
      productId: product.id,
      countedQuantity: 9,
      notes: 'Two broken',
    });
    expect(counted.status).toBe(201);
    stocktakeResponse.parse(counted.body);
    expect(counted.body).toMatchObject({ expectedQuantity: 11, countedQuantity: 9, difference: -2 });
    expect(counted.body.movement).toMatchObject({
      type: 'out',
      quantity: 2,
      reason: 'adjustment',
      notes: 'Two broken',
      sellerName: 'ada',
    });
    const same = await assistant.post('/api/stocktakes', {
      productId: product.id,
      countedQuantity: 9,
      notes: 'Recount',
    });
    expect(same.body).toMatchObject({ difference: 0, movement: null });
    expect(
      (await assistant.post('/api/stocktakes', { productId: product.id, countedQuantity: -1, notes: 'x' })).status,
    ).toBe(400);
    expect((await assistant.post('/api/stocktakes', { productId: product.id, countedQuantity: 3 })).status).toBe(400);
    const afterStocktake = await mark();

    // Reversal of the receipt: manager only, once, never of a reversal.
    expect(
      (await assistant.post(`/api/transactions/${receipt.body.id}/reverse`, { notes: 'Keyed twice' })).status,
    ).toBe(403);
    const reversal = await app.manager.post(`/api/transactions/${receipt.body.id}/reverse`, { notes: 'Keyed twice' });
    expect(reversal.status).toBe(201);
    expect(reversal.body).toMatchObject({
      type: 'out',
      quantity: 5,
      reason: 'adjustment',
      totalValue: '7500.00',
      notes: 'Keyed twice',
    });
    const again = await app.manager.post(`/api/transactions/${receipt.body.id}/reverse`, { notes: 'Again' });
    expect(again).toMatchObject({ status: 409, body: { message: 'This movement has already been reversed' } });
    expect((await app.manager.post(`/api/transactions/${reversal.body.id}/reverse`, { notes: 'Undo' })).status).toBe(
      409,
    );
    expect((await app.manager.post(`/api/transactions/${crypto.randomUUID()}/reverse`, { notes: 'x' })).status).toBe(
      404,
    );
    expect((await app.manager.post(`/api/transactions/${receipt.body.id}/reverse`, {})).status).toBe(400);
    const afterReversal = await mark();

    // The sale line, reversed too: its figures leave the sale's own period.
    const saleLine = (await app.manager.get('/api/transactions')).body.find(
      (row: { saleId: string | null; productId: string }) =>
        row.saleId === 'CASH-LEDGER-1' && row.productId === product.id,
    );
    expect(
      (await app.manager.post(`/api/transactions/${saleLine.id}/reverse`, { notes: 'Customer never paid' })).status,
    ).toBe(201);
    const end = await mark();

    const history = await app.manager.get(`/api/products/${product.id}/history`);
    expect(history.status).toBe(200);
    productHistoryResponse.parse(history.body);
    const entries = history.body.entries;
    expect(
      entries.map((entry: { event: string; change: number; balanceAfter: number }) => [
        entry.event,
        entry.change,
        entry.balanceAfter,
      ]),
    ).toEqual([
      ['ProductCreated', 10, 10],
      ['StockReceived', 5, 15],
      ['StockIssued', -4, 11],
      ['StockIssued', -2, 9],
      ['StockIssued', -5, 4],
      ['StockReceived', 4, 8],
    ]);
    expect(entries[0]).toMatchObject({ by: 'manager', costInForce: '1000.00', costChanged: false, price: '1500.00' });
    expect(entries[1]).toMatchObject({
      costPrice: '1100.00',
      previousCost: '1000.00',
      costInForce: '1100.00',
      costChanged: true,
      reversedBy: reversal.body.id,
    });
    expect(entries[2]).toMatchObject({
      reason: 'sale',
      saleId: 'CASH-LEDGER-1',
      by: 'ada',
      staff: 'ada',
      unitPrice: '1500.00',
      discountAmount: '600.00',
      totalValue: '5400.00',
    });
    expect(entries[3]).toMatchObject({
      reason: 'adjustment',
      notes: 'Two broken',
      stocktake: { expectedQuantity: 11, countedQuantity: 9 },
    });
    expect(entries[4]).toMatchObject({ reference: receipt.body.id, by: 'manager', notes: 'Keyed twice' });
    expect(entries[5]).toMatchObject({ reference: saleLine.id, reason: 'adjustment', costChanged: false });
    // Stock 8 at or below the minimum of 8: every entry since it was last above brought it there.
    expect(history.body.lowStock).toEqual({ since: entries[4].at, entryNos: [5, 6] });
    const recent = await app.manager.get(`/api/products/${product.id}/history?sinceLastAboveMin=true`);
    expect(recent.body.entries.map((entry: { entryNo: number }) => entry.entryNo)).toEqual([5, 6]);

    expect(await stockAsOf(product.id, beforeCreation)).toBeNull();
    expect(await stockAsOf(product.id, afterSale)).toMatchObject({
      currentStock: 11,
      costPrice: '1100.00',
      stockValue: '16500.00',
      status: 'In Stock',
    });
    expect(await stockAsOf(product.id, afterStocktake)).toMatchObject({ currentStock: 9, stockValue: '13500.00' });
    expect(await stockAsOf(product.id, afterReversal)).toMatchObject({ currentStock: 4, status: 'Low Stock' });
    expect(await stockAsOf(product.id, end)).toMatchObject({ currentStock: 8 });
    const live = (await app.manager.get('/api/products')).body.find((row: { id: string }) => row.id === product.id);
    expect(live.currentStock).toBe(8);

    // The sale's period, corrected and as known before the reversal.
    const range = `from=${encodeURIComponent(beforeCreation)}&to=${encodeURIComponent(afterSale)}`;
    const corrected = await app.manager.get(`/api/reports/summary?${range}`);
    reportSummaryResponse.parse(corrected.body);
    expect(corrected.body.sales).toMatchObject({ totalSales: '0.00', unitsSold: 0, saleLines: 0, reversedLines: 1 });
    const original = await app.manager.get(
      `/api/reports/summary?${range}&knownAt=${encodeURIComponent(afterReversal)}`,
    );
    expect(original.body.sales).toMatchObject({
      totalSales: '5400.00',
      originalTotal: '6000.00',
      discounts: '600.00',
      profit: '1600.00',
      profitNetOfDiscounts: '1000.00',
      unitsSold: 4,
      saleLines: 1,
      reversedLines: 0,
    });
    expect(original.body.byStaff).toEqual([expect.objectContaining({ staff: 'ada', totalSales: '5400.00' })]);
    expect(original.body.byCategory).toEqual([
      expect.objectContaining({ category: 'Skincare Products', unitsSold: 4 }),
    ]);
    expect(original.body.stock).toMatchObject({ totalUnits: 11, stockValue: '16500.00' });

    // Deleted: gone from today's inventory, still in the past and in its history.
    expect((await app.manager.delete(`/api/products/${product.id}`)).status).toBe(204);
    expect(await stockAsOf(product.id, new Date().toISOString())).toBeNull();
    expect(await stockAsOf(product.id, end)).toMatchObject({ currentStock: 8 });
    const kept = await app.manager.get(`/api/products/${product.id}/history`);
    expect(kept.body.product.deletedAt).not.toBeNull();
    expect(kept.body.entries.at(-1)).toMatchObject({ event: 'ProductDeleted', change: 0, balanceAfter: 8 });
    expect(kept.body.lowStock).toBeNull();
  });

  it('refuses a reversal of a stock in that would make the stock negative', async () => {
    const { body: product } = await app.manager.post('/api/products', {
      name: 'Nail Polish',
      sku: 'NAIL-1',
      category: 'Nail Care',
      price: '800.00',
      currentStock: 0,
    });
    const receipt = await app.manager.post('/api/transactions', {
      productId: product.id,
      type: 'in',
      quantity: 6,
      unitPrice: '800.00',
      reason: 'purchase',
    });
    await app.manager.post('/api/transactions', {
      productId: product.id,
      type: 'out',
      quantity: 4,
      unitPrice: '800.00',
      reason: 'waste',
    });
    const refused = await app.manager.post(`/api/transactions/${receipt.body.id}/reverse`, { notes: 'Wrong product' });
    expect(refused).toMatchObject({
      status: 409,
      body: {
        message: 'Reversing this stock in would make the stock of Nail Polish negative: only 2 units are in stock',
        title: 'Insufficient stock',
      },
    });
    expect((await app.manager.get(`/api/products/${product.id}/history`)).body.product.currentStock).toBe(2);
    expect((await app.manager.get(`/api/products/${crypto.randomUUID()}/history`)).status).toBe(404);
    expect((await app.manager.get('/api/inventory?asOf=yesterday')).status).toBe(400);
  });
});
