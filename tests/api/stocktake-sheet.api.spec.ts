import { randomUUID } from 'node:crypto';
import { productHistoryResponse, stocktakeResponse, stocktakeSheetResponse } from '@shop/contracts';
import { useTestApp } from './support/use-test-app';
import type { ApiClient } from './support/api-client';

describe('POST /api/stocktakes with a count sheet (lines): one stocktake over many products', () => {
  const app = useTestApp();
  let assistant: ApiClient;
  const ids: Record<string, string> = {};

  const createProduct = async (name: string, sku: string, currentStock: number) => {
    const { status, body } = await app.manager.post('/api/products', {
      name,
      sku,
      category: 'Skincare Products',
      price: '1500.00',
      costPrice: '1000.00',
      currentStock,
      minStockLevel: 2,
    });
    expect(status).toBe(201);
    return body.id as string;
  };
  const stockOf = async (id: string | undefined) =>
    (await app.manager.get('/api/products')).body.find((product: { id: string }) => product.id === id).currentStock;

  beforeAll(async () => {
    await app.manager.post('/api/users', { username: 'ada', password: 'ada-secret-1' });
    await app.manager.put('/api/settings/page_permissions', { value: { assistant: { inventory: true } } });
    assistant = await app.signIn('ada', 'ada-secret-1');
    ids.toner = await createProduct('Rose Toner', 'SHEET-1', 10);
    ids.serum = await createProduct('Night Serum', 'SHEET-2', 5);
    ids.balm = await createProduct('Lip Balm', 'SHEET-3', 7);
  });

  it('records one adjustment per differing line under one stocktake id, and nothing for a match', async () => {
    const response = await assistant.post('/api/stocktakes', {
      lines: [
        { productId: ids.toner, countedQuantity: 10 },
        { productId: ids.serum, countedQuantity: 3 },
        { productId: ids.balm, countedQuantity: '9' },
      ],
      notes: '  Monthly count  ',
    });
    expect(response.status).toBe(201);
    const result = stocktakeSheetResponse.parse(response.body);
    expect(result.notes).toBe('Monthly count');
    expect(
      result.lines.map(({ productName, expectedQuantity, countedQuantity, difference }) => ({
        productName,
        expectedQuantity,
        countedQuantity,
        difference,
      })),
    ).toEqual([
      { productName: 'Rose Toner', expectedQuantity: 10, countedQuantity: 10, difference: 0 },
      { productName: 'Night Serum', expectedQuantity: 5, countedQuantity: 3, difference: -2 },
      { productName: 'Lip Balm', expectedQuantity: 7, countedQuantity: 9, difference: 2 },
    ]);
    expect(result.lines[0]!.movement).toBeNull();
    expect(result.lines[1]!.movement).toMatchObject({
      type: 'out',
      quantity: 2,
      reason: 'adjustment',
      sellerName: 'ada',
    });
    expect(result.lines[2]!.movement).toMatchObject({
      type: 'in',
      quantity: 2,
      reason: 'adjustment',
      notes: 'Monthly count',
    });

    expect([await stockOf(ids.toner), await stockOf(ids.serum), await stockOf(ids.balm)]).toEqual([10, 3, 9]);
    const history = productHistoryResponse.parse((await app.manager.get(`/api/products/${ids.serum}/history`)).body);
    expect(history.entries.at(-1)).toMatchObject({
      by: 'ada',
      reason: 'adjustment',
      stocktake: { stocktakeId: result.stocktakeId, expectedQuantity: 5, countedQuantity: 3 },
    });
    const audit = await app.manager.get(`/api/audit?entity=product&q=${encodeURIComponent('Night Serum')}`);
    expect(audit.status).toBe(200);
    expect(audit.body.entries[0]).toMatchObject({ by: 'ada', entityId: ids.serum });
    expect(audit.body.entries[0].changes).toEqual([{ field: 'stock', before: '5', after: '3' }]);
  });

  it('still takes the single-product body', async () => {
    const response = await app.manager.post('/api/stocktakes', {
      productId: ids.toner,
      countedQuantity: 8,
      notes: 'Two broken',
    });
    expect(response.status).toBe(201);
    expect(stocktakeResponse.parse(response.body)).toMatchObject({ expectedQuantity: 10, difference: -2 });
  });

  it.each([
    [{ lines: [], notes: 'x' }, 'Count at least one product'],
    [{ lines: 'all', notes: 'x' }, 'Lines must be a list of counts'],
    [{ lines: [{ productId: 'nope', countedQuantity: 1 }], notes: 'x' }, 'Product is required'],
    [{ lines: [{ productId: randomUUID(), countedQuantity: -1 }], notes: 'x' }, 'Counted quantity cannot be negative'],
    [
      { lines: [{ productId: randomUUID(), countedQuantity: 1.5 }], notes: 'x' },
      'Counted quantity must be a whole number',
    ],
    [
      { lines: [{ productId: randomUUID(), countedQuantity: 1 }], notes: '   ' },
      'Notes are required: say why the count differs',
    ],
    [{ lines: [{ productId: randomUUID(), countedQuantity: 1 }] }, 'Notes are required: say why the count differs'],
  ])('refuses %j with 400 and stores nothing', async (body, message) => {
    const before = await app.snapshot();
    const response = await app.manager.post('/api/stocktakes', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
    expect(await app.snapshot()).toEqual(before);
  });

  it('refuses a product counted twice (in any letter case) with 400, storing nothing', async () => {
    const before = await app.snapshot();
    const response = await app.manager.post('/api/stocktakes', {
      lines: [
        { productId: ids.serum, countedQuantity: 1 },
        { productId: ids.serum!.toUpperCase(), countedQuantity: 2 },
      ],
      notes: 'count',
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('lines.1.productId: A product is counted twice');
    expect(await app.snapshot()).toEqual(before);
  });

  it('refuses the whole sheet when one product is unknown (404) or deleted (409): no line is recorded', async () => {
    const gone = await createProduct('Old Mask', 'SHEET-4', 3);
    expect((await app.manager.delete(`/api/products/${gone}`)).status).toBe(204);
    const before = await app.snapshot();
    const unknown = randomUUID();
    const missing = await app.manager.post('/api/stocktakes', {
      lines: [
        { productId: ids.serum, countedQuantity: 0 },
        { productId: unknown, countedQuantity: 1 },
      ],
      notes: 'count',
    });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(`Product ${unknown} not found`);
    const deleted = await app.manager.post('/api/stocktakes', {
      lines: [
        { productId: ids.serum, countedQuantity: 0 },
        { productId: gone, countedQuantity: 1 },
      ],
      notes: 'count',
    });
    expect(deleted.status).toBe(409);
    expect(deleted.body.message).toBe('Old Mask has been deleted: take it off the count sheet');
    expect(await app.snapshot()).toEqual(before);
  });

  it('decides on what is committed: sales racing the sheet still leave every product at its count', async () => {
    const racing = await createProduct('Race Cream', 'SHEET-5', 50);
    const sales = Array.from({ length: 6 }, (_, index) =>
      app.manager.post('/api/sales', {
        saleId: `CASH-SHEET-${index}`,
        items: [{ productId: racing, quantity: 1 }],
        discountPercentage: '0',
        paymentMethod: 'cash',
      }),
    );
    const sheet = app.manager.post('/api/stocktakes', {
      lines: [
        { productId: racing, countedQuantity: 40 },
        { productId: ids.balm, countedQuantity: 4 },
      ],
      notes: 'count during sales',
    });
    const [sheetResponse, ...saleResponses] = await Promise.all([sheet, ...sales]);
    expect(saleResponses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(sheetResponse.status).toBe(201);
    const [raceLine, balmLine] = stocktakeSheetResponse.parse(sheetResponse.body).lines;
    expect(balmLine).toMatchObject({ expectedQuantity: 9, difference: -5 });
    // In the ledger's order: the count saw exactly the sales before it, and the ones after it count down from 40.
    const { entries } = productHistoryResponse.parse((await app.manager.get(`/api/products/${racing}/history`)).body);
    const at = entries.findIndex((entry) => entry.stocktake?.stocktakeId === sheetResponse.body.stocktakeId);
    const before = at === -1 ? entries.length : at;
    const salesBefore = entries.slice(0, before).filter((entry) => entry.reason === 'sale').length;
    const salesAfter = entries.slice(before + 1).filter((entry) => entry.reason === 'sale').length;
    expect(salesBefore + salesAfter).toBe(6);
    expect(raceLine!.expectedQuantity).toBe(50 - salesBefore);
    expect(raceLine!.difference).toBe(40 - (50 - salesBefore));
    expect(await stockOf(racing)).toBe(40 - salesAfter);
    expect(await stockOf(ids.balm!)).toBe(4);
  });
});
