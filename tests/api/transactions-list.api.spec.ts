import { useTestApp } from './support/use-test-app';

interface Row {
  id: string;
  saleId: string | null;
  createdAt: string;
}

/**
 * GET /api/transactions answers every movement (spec section 7), streamed a page at a time so a
 * long history does not have to fit in the gateway's memory at once; `?limit=` answers only the
 * movements that happened last, as the dashboard's Recent Transactions shows them, a sale taken
 * offline by when it was sold.
 */
describe('GET /api/transactions', () => {
  const app = useTestApp();
  let productId: string;

  it('answers an empty JSON list before any movement', async () => {
    const answer = await app.manager.get('/api/transactions');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    expect(answer.body).toEqual([]);
    expect((await app.manager.get('/api/transactions?limit=4')).body).toEqual([]);
  });

  it('answers every movement, newest first, over more than one page', async () => {
    const products = [];
    for (let index = 0; index < 120; index++) {
      const created = await app.manager.post('/api/products', {
        name: `List Serum ${index}`,
        sku: `LIST-${index}`,
        category: 'Skincare Products',
        price: '10.00',
        currentStock: 100,
      });
      expect(created.status).toBe(201);
      products.push(created.body.id as string);
    }
    productId = products[0]!;
    // 10 sales of 120 lines: 1,200 movements, past the 1,000 of one page.
    for (let sale = 0; sale < 10; sale++) {
      const sold = await app.manager.post('/api/sales', {
        saleId: `CASH-LIST-${sale}`,
        items: products.map((id) => ({ productId: id, quantity: 1 })),
        paymentMethod: 'cash',
      });
      expect(sold.status).toBe(201);
    }
    const answer = await app.manager.get('/api/transactions');
    expect(answer.status).toBe(200);
    const rows = answer.body as Row[];
    expect(rows).toHaveLength(1_200); // a product's opening stock is not a movement
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    const times = rows.map((row) => Date.parse(row.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(rows[0]!.saleId).toBe('CASH-LIST-9');
    expect(rows.at(-1)!.saleId).toBe('CASH-LIST-0');
  }, 120_000);

  it('answers with ?limit= the movements that happened last, an offline sale by when it was sold', async () => {
    const stockIn = async () => {
      const answer = await app.manager.post('/api/transactions', {
        productId,
        type: 'in',
        quantity: 1,
        unitPrice: '10.00',
        costPrice: '5.00',
        reason: 'purchase',
      });
      expect(answer.status).toBe(201);
      return answer.body.id as string;
    };
    const first = await stockIn();
    const second = await stockIn();
    const soldAt = new Date(Date.now() - 10 * 60_000).toISOString();
    // Recorded after the two stock-ins, sold ten minutes before them.
    const offline = await app.manager.post('/api/sales', {
      saleId: 'CASH-LIST-OFFLINE',
      items: [{ productId, quantity: 1, unitPrice: '10.00' }],
      paymentMethod: 'cash',
      offline: { soldAt, catalogAsOf: new Date(Date.parse(soldAt) - 60_000).toISOString(), sellerName: 'manager' },
    });
    expect(offline.status).toBe(201);

    const newest = (await app.manager.get('/api/transactions?limit=2')).body as Row[];
    expect(newest.map((row) => row.id)).toEqual([second, first]);
    const all = (await app.manager.get('/api/transactions')).body as Row[];
    const byHappened = [...all].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    const four = (await app.manager.get('/api/transactions?limit=4')).body as Row[];
    expect(four).toEqual(byHappened.slice(0, 4));
    expect(four.map((row) => row.saleId)).not.toContain('CASH-LIST-OFFLINE');
  });

  it.each(['0', '1001', 'abc', '2.5', '-1'])('refuses ?limit=%s with 400 and its message', async (limit) => {
    const answer = await app.manager.get(`/api/transactions?limit=${limit}`);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: 'limit must be a whole number from 1 to 1000' });
  });
});
