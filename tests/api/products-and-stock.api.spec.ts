import { useTestApp } from './support/use-test-app';

const product = (overrides: Record<string, unknown> = {}) => ({
  name: 'Shea Butter, "Pure"',
  sku: `SHEA-${Math.random().toString(36).slice(2, 8)}`,
  category: 'Body Care',
  price: '2500.00',
  costPrice: '1800',
  currentStock: 0,
  minStockLevel: 2,
  description: 'Unrefined',
  images: [],
  ...overrides,
});

const stock = (productId: string, type: 'in' | 'out', quantity: number, overrides: Record<string, unknown> = {}) => ({
  productId,
  type,
  quantity,
  unitPrice: '2500.00',
  costPrice: type === 'in' ? '1800.00' : undefined,
  totalValue: String(quantity * 2500),
  reason: type === 'in' ? 'purchase' : 'sale',
  sellerName: 'manager',
  notes: '',
  ...overrides,
});

describe('products and stock movements over HTTP', () => {
  const app = useTestApp();

  it('refuses every call without a session', async () => {
    const anonymous = app.client();
    for (const [method, path] of [
      ['GET', '/api/products'],
      ['POST', '/api/products'],
      ['GET', '/api/transactions'],
      ['GET', '/api/dashboard/metrics'],
      ['GET', '/api/users'],
    ] as const) {
      const response = await anonymous.request(method, path, method === 'POST' ? {} : undefined);
      expect({ path, status: response.status, message: response.body?.message }).toEqual({
        path,
        status: 401,
        message: 'Not signed in',
      });
    }
  });

  it('creates a product and lists it with exact amounts', async () => {
    const created = await app.manager.post('/api/products', product({ sku: 'LIP-01', price: '1999.9' }));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ sku: 'LIP-01', price: '1999.90', costPrice: '1800.00', currentStock: 0 });
    const list = await app.manager.get('/api/products');
    expect(list.body.map((row: { sku: string }) => row.sku)).toContain('LIP-01');
  });

  it('refuses a duplicate SKU, case-insensitively, and stores nothing', async () => {
    await app.manager.post('/api/products', product({ sku: 'DUP-01' }));
    const before = (await app.manager.get('/api/products')).body.length;
    const again = await app.manager.post('/api/products', product({ sku: 'dup-01' }));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'A product with SKU dup-01 already exists' });
    expect((await app.manager.get('/api/products')).body.length).toBe(before);
  });

  it('takes a blank cost price as not given (it is optional), and refuses one that is not an amount', async () => {
    const blank = await app.manager.post('/api/products', product({ sku: 'BLANK-COST', costPrice: '  ' }));
    expect(blank.status).toBe(201);
    expect(blank.body.costPrice).toBeNull();
    const bad = await app.manager.post('/api/products', product({ sku: 'BAD-COST', costPrice: { amount: 1 } }));
    expect([bad.status, bad.body]).toEqual([
      400,
      { message: 'costPrice: Cost price must be an amount from 0 to 99999999.99 with at most 2 decimals' },
    ]);
  });

  it('stores text in one Unicode spelling (NFC), so a SKU typed with a combining accent is the same SKU', async () => {
    const created = await app.manager.post(
      '/api/products',
      product({ sku: 'CR\u00c8ME-1', name: 'Cre\u0300me Brule\u0301e' }),
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ sku: 'CR\u00c8ME-1', name: 'Cr\u00e8me Brul\u00e9e' });
    const before = (await app.manager.get('/api/products')).body.length;
    const decomposed = await app.manager.post('/api/products', product({ sku: 'CRE\u0300ME-1' }));
    expect(decomposed.status).toBe(409);
    expect(decomposed.body).toEqual({ message: 'A product with SKU CR\u00c8ME-1 already exists' });
    expect((await app.manager.get('/api/products')).body.length).toBe(before);
  });

  it('records stock in and out, refuses stock out beyond stock, and the dashboard follows', async () => {
    const { body: created } = await app.manager.post(
      '/api/products',
      product({ name: 'Rose Toner', price: '1000', costPrice: '600', minStockLevel: 3 }),
    );
    const stockIn = await app.manager.post(
      '/api/transactions',
      stock(created.id, 'in', 10, { unitPrice: '600.00', costPrice: '600.00' }),
    );
    expect(stockIn.status).toBe(201);
    expect(stockIn.body).toMatchObject({
      type: 'in',
      quantity: 10,
      totalValue: '6000.00',
      reason: 'purchase',
      productName: 'Rose Toner',
    });

    const out = await app.manager.post(
      '/api/transactions',
      stock(created.id, 'out', 4, { unitPrice: '1000', saleId: 'CASH-1-abc' }),
    );
    expect(out.status).toBe(201);
    expect(out.body).toMatchObject({ type: 'out', totalValue: '4000.00', saleId: 'CASH-1-abc', costPrice: '600.00' });

    const tooMany = await app.manager.post('/api/transactions', stock(created.id, 'out', 7));
    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toEqual({ message: 'Only 6 units available for Rose Toner', title: 'Insufficient stock' });

    const listed = (await app.manager.get('/api/products')).body.find((row: { id: string }) => row.id === created.id);
    expect(listed.currentStock).toBe(6);
    const transactions = (await app.manager.get('/api/transactions')).body.filter(
      (row: { productId: string }) => row.productId === created.id,
    );
    expect(transactions).toHaveLength(2);
    expect(transactions[0].type).toBe('out'); // newest first

    const metrics = (await app.manager.get('/api/dashboard/metrics')).body;
    expect(metrics.todaysUnitsSold).toBeGreaterThanOrEqual(4);
    expect(Number(metrics.todaysSalesProfit)).toBeGreaterThanOrEqual(1600);
  });

  it('takes exactly 5 of 20 concurrent stock outs of 1 unit on a product holding 5, with no 5xx', async () => {
    const { body: created } = await app.manager.post('/api/products', product({ name: 'Last Five', currentStock: 5 }));
    const results = await Promise.all(
      Array.from({ length: 20 }, () => app.manager.post('/api/transactions', stock(created.id, 'out', 1))),
    );
    const statuses = results.map((result) => result.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    const listed = (await app.manager.get('/api/products')).body.find((row: { id: string }) => row.id === created.id);
    expect(listed.currentStock).toBe(0);
  });

  it('deletes a product: it leaves the catalogue, keeps its history, refuses movements and frees its SKU', async () => {
    const { body: created } = await app.manager.post('/api/products', product({ sku: 'GONE-01', currentStock: 2 }));
    await app.manager.post('/api/transactions', stock(created.id, 'out', 1));
    const deleted = await app.manager.delete(`/api/products/${created.id}`);
    expect(deleted.status).toBe(204);
    expect((await app.manager.get('/api/products')).body.some((row: { id: string }) => row.id === created.id)).toBe(
      false,
    );
    const history = (await app.manager.get('/api/transactions')).body.filter(
      (row: { productId: string }) => row.productId === created.id,
    );
    expect(history).toHaveLength(1);
    expect((await app.manager.post('/api/transactions', stock(created.id, 'in', 1))).status).toBe(409);
    expect((await app.manager.delete(`/api/products/${created.id}`)).status).toBe(409);
    expect((await app.manager.post('/api/products', product({ sku: 'GONE-01' }))).status).toBe(201);
  });

  it('answers unknown ids with 404', async () => {
    expect((await app.manager.delete('/api/products/00000000-0000-4000-8000-000000000000')).body).toEqual({
      message: 'Product not found',
    });
    expect((await app.manager.delete('/api/products/not-a-uuid')).status).toBe(404);
    const movement = await app.manager.post(
      '/api/transactions',
      stock('00000000-0000-4000-8000-000000000000', 'in', 1),
    );
    expect(movement).toMatchObject({ status: 404, body: { message: 'Product not found' } });
  });
});
