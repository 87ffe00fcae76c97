import { lagosBusinessDay, lagosWallTime, SERVER_TIME_HEADER, serverTimeHeader } from '@shop/contracts';
import { useTestApp } from './support/use-test-app';

/** Issue 14: a sale the till took offline is a fact, recorded with its time of sale and the prices paid. */
describe('POST /api/sales with offline: sales the till took without a connection', () => {
  const app = useTestApp();
  let sequence = 0;

  const newProduct = async (price: string, stock: number) => {
    sequence += 1;
    const { body } = await app.manager.post('/api/products', {
      name: `Offline product ${sequence}`,
      sku: `OFF-${sequence}-${Date.now()}`,
      category: 'Skincare Products',
      price,
      currentStock: stock,
    });
    return body as { id: string; name: string; sku: string };
  };
  const saleId = () => `CASH-${Date.now()}-${Math.random().toString(36).slice(2, 11)}`;
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const stockOf = async (id: string) =>
    (await app.manager.get('/api/products')).body.find((row: { id: string }) => row.id === id).currentStock as number;
  const offlineSale = (productId: string, unitPrice: string, soldAt = minutesAgo(10), sellerName = 'manager') => ({
    saleId: saleId(),
    items: [{ productId, quantity: 1, unitPrice }],
    paymentMethod: 'cash',
    offline: { soldAt, catalogAsOf: new Date(Date.parse(soldAt) - 60_000).toISOString(), sellerName },
  });

  it("answers the catalogue with the server's clock in X-Server-Time, to the millisecond, for the till to stamp its sales", async () => {
    const before = Date.now();
    const answer = await app.manager.get('/api/products');
    const after = Date.now();
    expect(answer.status).toBe(200);
    const header = answer.headers.get(SERVER_TIME_HEADER);
    expect(serverTimeHeader.safeParse(header).success).toBe(true);
    expect(Date.parse(header!)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(header!)).toBeLessThanOrEqual(after);
  });

  it('records the time of sale as createdAt with the sync time beside it, and a repeat records nothing', async () => {
    const product = await newProduct('2500', 5);
    const soldAt = minutesAgo(30);
    const body = {
      ...offlineSale(product.id, '2500.00', soldAt),
      offline: { soldAt, catalogAsOf: minutesAgo(60), sellerName: 'manager' },
    };
    const first = await app.manager.post('/api/sales', body);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      createdAt: soldAt,
      totalValue: '2500.00',
      sellerName: 'manager',
      offline: { syncedBy: 'manager' },
    });
    expect(Date.parse(first.body.offline.syncedAt)).toBeGreaterThan(Date.parse(soldAt));
    const repeat = await app.manager.post('/api/sales', body);
    expect(repeat.status).toBe(200);
    expect(repeat.body).toEqual(first.body);
    expect(await stockOf(product.id)).toBe(4);
    const rows = (await app.manager.get('/api/transactions')).body.filter(
      (row: { saleId: string }) => row.saleId === body.saleId,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].createdAt).toBe(soldAt);
    expect((await app.manager.get(`/api/sales/${body.saleId}`)).body.createdAt).toBe(soldAt);
    // The product's history keeps the ledger's order (recorded at the sync) and says when it was sold.
    const history = (await app.manager.get(`/api/products/${product.id}/history`)).body;
    const line = history.entries.find((entry: { saleId: string | null }) => entry.saleId === body.saleId);
    expect(line).toMatchObject({ soldAt, at: first.body.offline.syncedAt, balanceAfter: 4 });
    expect(history.entries[0].soldAt).toBeNull();
  });

  it('dates an offline sale in the transactions CSV when it was sold, and puts it in the range of that day', async () => {
    const product = await newProduct('1200', 5);
    const soldAt = minutesAgo(2 * 24 * 60);
    const sale = offlineSale(product.id, '1200.00', soldAt);
    expect((await app.manager.post('/api/sales', sale)).status).toBe(201);
    const csvOf = async (day: string) =>
      (await app.manager.get(`/api/reports/transactions.csv?from=${day}&to=${day}`)).text;
    const soldDay = await csvOf(lagosBusinessDay(new Date(soldAt)));
    expect(soldDay).toContain(
      `${lagosWallTime(soldAt)},${product.name},${product.sku},Stock Out,1,1200.00,1200.00,sale`,
    );
    // Synced today, but not a movement of today.
    expect(await csvOf(lagosBusinessDay(new Date()))).not.toContain(product.sku + ',Stock Out');
    // Unbounded: dated when sold too.
    expect((await app.manager.get('/api/reports/transactions.csv')).text).toContain(
      `${lagosWallTime(soldAt)},${product.name}`,
    );
  });

  it('records an offline sale of a unit sold online meanwhile: stock below zero, flagged for the manager', async () => {
    const product = await newProduct('800', 1);
    const online = await app.manager.post('/api/sales', {
      saleId: saleId(),
      items: [{ productId: product.id, quantity: 1 }],
      paymentMethod: 'cash',
    });
    expect(online.status).toBe(201);
    const offline = await app.manager.post('/api/sales', offlineSale(product.id, '800'));
    expect(offline.status).toBe(201);
    expect(await stockOf(product.id)).toBe(-1);
    const metrics = (await app.manager.get('/api/dashboard/metrics')).body;
    expect(metrics.oversoldProducts.map((row: { id: string }) => row.id)).toContain(product.id);
    // Stock value is price × stock on every screen, below zero too (spec section 8).
    const inventoryItem = (await app.manager.get('/api/inventory')).body.find(
      (row: { id: string }) => row.id === product.id,
    );
    expect(inventoryItem).toMatchObject({ currentStock: -1, stockValue: '-800.00' });
    const summary = (await app.manager.get('/api/reports/summary')).body;
    expect(summary.stock.stockValue).toBe(metrics.totalStockValue);
    const csv = (await app.manager.get('/api/reports/inventory.csv')).text;
    expect(csv).toContain(`${product.name},${product.sku},Skincare Products,800.00,-1,0,-800.00,`);
    // Online sales keep refusing insufficient stock.
    const refused = await app.manager.post('/api/sales', {
      saleId: saleId(),
      items: [{ productId: product.id, quantity: 1 }],
      paymentMethod: 'cash',
    });
    expect(refused.status).toBe(409);
    // A stock in resolves it.
    const stockIn = await app.manager.post('/api/transactions', {
      productId: product.id,
      type: 'in',
      quantity: 1,
      unitPrice: '500.00',
      totalValue: '500',
      reason: 'purchase',
      sellerName: 'manager',
    });
    expect(stockIn.status).toBe(201);
    expect(await stockOf(product.id)).toBe(0);
    const after = (await app.manager.get('/api/dashboard/metrics')).body;
    expect(after.oversoldProducts.map((row: { id: string }) => row.id)).not.toContain(product.id);
  });

  it('refuses a price the product never had at or after the till catalogue, with a clear message', async () => {
    const product = await newProduct('1200', 3);
    const response = await app.manager.post('/api/sales', offlineSale(product.id, '900'));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe(
      `The offline price 900.00 for ${product.name} was never its price at or after the till's catalogue; a manager must resolve this sale`,
    );
    expect(await stockOf(product.id)).toBe(3);
  });

  it('merges a product listed twice at the same price however the price is written, and refuses two prices', async () => {
    const product = await newProduct('450', 5);
    const twice = (second: string) => ({
      ...offlineSale(product.id, '450'),
      items: [
        { productId: product.id, quantity: 1, unitPrice: '450' },
        { productId: product.id, quantity: 2, unitPrice: second },
      ],
    });
    const merged = await app.manager.post('/api/sales', twice('450.00'));
    expect(merged.status).toBe(201);
    expect(merged.body.lines).toEqual([expect.objectContaining({ quantity: 3, unitPrice: '450.00' })]);
    expect(merged.body.totalValue).toBe('1350.00');
    const refused = await app.manager.post('/api/sales', twice('449.99'));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('A product appears twice with different prices');
    expect(await stockOf(product.id)).toBe(2);
  });

  it('refuses a time of sale in the future or absurdly old, and an offline sale without prices (400)', async () => {
    const product = await newProduct('100', 3);
    const future = new Date(Date.now() + 60 * 60_000).toISOString();
    expect((await app.manager.post('/api/sales', offlineSale(product.id, '100', future))).body.message).toBe(
      'The time of sale is in the future',
    );
    const old = await app.manager.post('/api/sales', {
      ...offlineSale(product.id, '100', minutesAgo(60 * 24 * 40)),
      offline: { soldAt: minutesAgo(60 * 24 * 40), catalogAsOf: minutesAgo(60 * 24 * 41), sellerName: 'manager' },
    });
    expect(old.status).toBe(400);
    const noPrice = await app.manager.post('/api/sales', {
      ...offlineSale(product.id, '100'),
      items: [{ productId: product.id, quantity: 1 }],
    });
    expect(noPrice.status).toBe(400);
    expect(noPrice.body.message).toContain('An offline sale needs the price of each item');
  });

  it('keeps the original seller only when it names an active user; otherwise the syncing user answers for it', async () => {
    const product = await newProduct('100', 3);
    const response = await app.manager.post('/api/sales', offlineSale(product.id, '100', minutesAgo(5), 'nobody-here'));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ sellerName: 'manager', offline: { syncedBy: 'manager' } });
  });

  it('counts an offline sale on the Lagos day it happened, and "as known at" that day does not know it yet', async () => {
    const product = await newProduct('321', 3);
    const lagosToday = new Date(Date.now() + 60 * 60_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.parse(`${lagosToday}T00:00:00.000Z`) - 24 * 60 * 60_000).toISOString().slice(0, 10);
    // 23:30 in Lagos yesterday, synced today (after midnight).
    const soldAt = `${yesterday}T22:30:00.000Z`;
    const sale = {
      ...offlineSale(product.id, '321', soldAt),
      offline: { soldAt, catalogAsOf: `${yesterday}T20:00:00.000Z`, sellerName: 'manager' },
    };
    // Earlier tests' sales fall on "yesterday" too when this file runs across Lagos midnight: compare before and after.
    const kobo = async (query: string) => {
      const total = (await app.manager.get(`/api/reports/summary?${query}`)).body.sales.totalSales as string;
      return BigInt(total.replace('.', ''));
    };
    const queries = [
      `from=${yesterday}&to=${yesterday}`,
      `from=${lagosToday}&to=${lagosToday}`,
      `from=${yesterday}&to=${yesterday}&knownAt=${yesterday}`,
    ];
    const before = await Promise.all(queries.map(kobo));
    expect((await app.manager.post('/api/sales', sale)).status).toBe(201);
    const after = await Promise.all(queries.map(kobo));
    expect(after.map((total, index) => total - (before[index] ?? 0n))).toEqual([32100n, 0n, 0n]);
  });
});
