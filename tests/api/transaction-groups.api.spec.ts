import { transactionPageResponse, type TransactionPage } from '@shop/contracts';
import { useTestApp } from './support/use-test-app';

describe('GET /api/transactions/groups: the Transactions page, whole groups, paged on the server', () => {
  const app = useTestApp();
  const ids: Record<string, string> = {};

  const page = async (query: string): Promise<TransactionPage> => {
    const response = await app.manager.get(`/api/transactions/groups${query}`);
    expect(response.status).toBe(200);
    return transactionPageResponse.parse(response.body);
  };

  beforeAll(async () => {
    for (const [key, name, sku] of [
      ['toner', 'Rose Toner', 'GRP-1'],
      ['serum', 'Night Serum', 'GRP-2'],
    ] as const) {
      const { body } = await app.manager.post('/api/products', {
        name,
        sku,
        category: 'Skincare Products',
        price: '1000.00',
        costPrice: '500.00',
        currentStock: 50,
        minStockLevel: 1,
      });
      ids[key] = body.id;
    }
    const waste = await app.manager.post('/api/transactions', {
      productId: ids.toner,
      type: 'out',
      quantity: 1,
      unitPrice: '1000.00',
      reason: 'waste',
      notes: 'Dropped',
    });
    ids.waste = waste.body.id;
    await app.manager.post('/api/sales', {
      saleId: 'CASH-GROUP-1',
      items: [
        { productId: ids.toner, quantity: 2 },
        { productId: ids.serum, quantity: 1 },
      ],
      discountPercentage: '0',
      paymentMethod: 'cash',
    });
    for (let index = 0; index < 5; index++) {
      await app.manager.post('/api/transactions', {
        productId: ids.serum,
        type: 'in',
        quantity: 1,
        unitPrice: '1000.00',
        reason: 'purchase',
      });
    }
  });

  it('lists groups newest first in keyset pages, every movement exactly once', async () => {
    const seen: string[] = [];
    let cursor: string | null = '';
    let pages = 0;
    while (cursor !== null) {
      const result = await page(`?limit=2${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...result.groups.flatMap((group) => group.lines.map((line) => line.id)));
      cursor = result.nextBefore;
      pages++;
    }
    // 5 receipts, 1 sale of 2 lines, 1 waste: 7 groups in 4 pages of 2.
    expect(pages).toBe(4);
    expect(seen).toHaveLength(8);
    expect(new Set(seen).size).toBe(8);
    const everything = (await app.manager.get('/api/transactions')).body.map((row: { id: string }) => row.id);
    expect(new Set(seen)).toEqual(new Set(everything));
  });

  it('keeps a sale whole when one of its lines matches the search, and shows the real reason', async () => {
    const found = await page('?q=night');
    const sale = found.groups.find((group) => group.saleId === 'CASH-GROUP-1');
    expect(sale?.lines.map((line) => line.productName).sort()).toEqual(['Night Serum', 'Rose Toner']);
    expect(found.groups.every((group) => group.lines.some((line) => line.productName === 'Night Serum'))).toBe(true);
    const wasted = await page('?reason=waste');
    expect(wasted.groups).toHaveLength(1);
    expect(wasted.groups[0]!.lines[0]).toMatchObject({ id: ids.waste, type: 'out', reason: 'waste', notes: 'Dropped' });
    expect((await page('?q=50%25')).groups).toEqual([]);
  });

  it('says which groups are recorded till sales (their receipt loads GET /api/sales/{saleId})', async () => {
    const oneByOne = await app.manager.post('/api/transactions', {
      productId: ids.toner,
      type: 'out',
      quantity: 1,
      unitPrice: '1000.00',
      reason: 'sale',
      saleId: 'CASH-LINES-1',
    });
    expect(oneByOne.status).toBe(201);
    const groups = (await page('?limit=100')).groups;
    const bySale = (saleId: string) => groups.find((group) => group.saleId === saleId);
    expect(bySale('CASH-GROUP-1')?.recordedSale).toBe(true);
    expect((await app.manager.get('/api/sales/CASH-GROUP-1')).status).toBe(200);
    expect(bySale('CASH-LINES-1')?.recordedSale).toBe(false);
    expect((await app.manager.get('/api/sales/CASH-LINES-1')).status).toBe(404);
    expect(groups.filter((group) => group.saleId === null).every((group) => !group.recordedSale)).toBe(true);
  });

  it('links a reversal and the movement it reverses', async () => {
    const reversal = await app.manager.post(`/api/transactions/${ids.waste}/reverse`, { notes: 'Found it intact' });
    expect(reversal.status).toBe(201);
    const lines = (await page('?q=Rose')).groups.flatMap((group) => group.lines);
    expect(lines.find((line) => line.id === ids.waste)).toMatchObject({ reversedBy: reversal.body.id, reverses: null });
    expect(lines.find((line) => line.id === reversal.body.id)).toMatchObject({
      reverses: ids.waste,
      reversedBy: null,
      reason: 'adjustment',
      type: 'in',
      recordedBy: 'manager',
    });
  });

  it.each([
    ['?limit=0', 'limit'],
    ['?type=sideways', "type must be 'in' or 'out'"],
    ['?reason=theft', 'reason must be'],
    ['?before=2025-02-30T10:00:00.000000Z_1_1', 'before must be a cursor from nextBefore'],
    ['?before=nonsense', 'before must be a cursor from nextBefore'],
  ])('refuses %s with 400', async (query, message) => {
    const response = await app.manager.get(`/api/transactions/groups${query}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });
});
