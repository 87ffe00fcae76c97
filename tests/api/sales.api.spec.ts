import Decimal from 'decimal.js';
import { useTestApp } from './support/use-test-app';

describe('POST /api/sales: one atomic, idempotent sale', () => {
  const app = useTestApp();
  let sequence = 0;

  const newProduct = async (price: string, stock: number, costPrice?: string) => {
    sequence += 1;
    const { body } = await app.manager.post('/api/products', {
      name: `Product ${sequence}`,
      sku: `SALE-${sequence}-${Date.now()}`,
      category: 'Skincare Products',
      price,
      costPrice,
      currentStock: stock,
    });
    return body as { id: string; name: string };
  };
  const saleId = () => `CASH-${Date.now()}-${Math.random().toString(36).slice(2, 11)}`;
  const stockOf = async (id: string) =>
    (await app.manager.get('/api/products')).body.find((row: { id: string }) => row.id === id).currentStock as number;
  const saleRows = async (id: string) =>
    (await app.manager.get('/api/transactions')).body.filter((row: { saleId: string | null }) => row.saleId === id);

  it('prices a 3-line sale from the catalogue with a 12.5% discount, line amounts summing to the total to the kobo', async () => {
    const [a, b, c] = [
      await newProduct('333.33', 10, '200'),
      await newProduct('0.99', 10),
      await newProduct('1250.10', 10, '900'),
    ];
    const id = saleId();
    const response = await app.manager.post('/api/sales', {
      saleId: id,
      // Prices sent by a client are not trusted: these extra fields are ignored.
      items: [
        { productId: a.id, quantity: 3, unitPrice: '1.00' },
        { productId: b.id, quantity: 7 },
        { productId: c.id, quantity: 1 },
      ],
      discountPercentage: '12.5',
      notes: 'Birthday gift',
      paymentMethod: 'cash',
    });
    expect(response.status).toBe(201);
    const sale = response.body;
    expect(sale).toMatchObject({
      saleId: id,
      paymentMethod: 'cash',
      discountPercentage: '12.50',
      originalTotal: '2257.02',
      discountAmount: '282.13',
      totalValue: '1974.89',
      sellerName: 'manager',
      notes: 'Birthday gift',
    });
    expect(sale.lines.map((line: { unitPrice: string }) => line.unitPrice)).toEqual(['333.33', '0.99', '1250.10']);
    const sum = (field: string) =>
      sale.lines
        .reduce((total: Decimal, line: Record<string, string>) => total.plus(line[field]!), new Decimal(0))
        .toFixed(2);
    expect(sum('totalValue')).toBe('1974.89');
    expect(sum('discountAmount')).toBe('282.13');
    expect(sum('originalTotal')).toBe('2257.02');
    expect(sale.lines[0]).toMatchObject({ costPrice: '200.00', type: 'out', reason: 'sale', saleId: id });
    expect(await stockOf(a.id)).toBe(7);
    expect(await saleRows(id)).toHaveLength(3);
    const metrics = (await app.manager.get('/api/dashboard/metrics')).body;
    expect(metrics.todaysUnitsSold).toBeGreaterThanOrEqual(11);
  });

  it('records nothing when the second line exceeds stock', async () => {
    const [a, b] = [await newProduct('100', 5), await newProduct('100', 1)];
    const before = await app.snapshot();
    const id = saleId();
    const response = await app.manager.post('/api/sales', {
      saleId: id,
      items: [
        { productId: a.id, quantity: 2 },
        { productId: b.id, quantity: 2 },
      ],
      paymentMethod: 'cash',
    });
    expect(response).toMatchObject({
      status: 409,
      body: { title: 'Insufficient stock', message: `Only 1 units available for ${b.name}` },
    });
    expect(await app.snapshot()).toEqual(before);
    expect(await saleRows(id)).toHaveLength(0);
  });

  it('records the same saleId once and answers the first sale again', async () => {
    const product = await newProduct('50', 10);
    const id = saleId();
    const body = { saleId: id, items: [{ productId: product.id, quantity: 2 }], paymentMethod: 'cash' };
    const first = await app.manager.post('/api/sales', body);
    const retried = await app.manager.post('/api/sales', { ...body, items: [{ productId: product.id, quantity: 5 }] });
    expect(first.status).toBe(201);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(first.body);
    expect(await stockOf(product.id)).toBe(8);
    expect(await saleRows(id)).toHaveLength(1);
  });

  it('accepts exactly one of two concurrent sales of the last unit', async () => {
    const product = await newProduct('75', 1);
    const results = await Promise.all(
      [saleId(), saleId()].map((id) =>
        app.manager.post('/api/sales', {
          saleId: id,
          items: [{ productId: product.id, quantity: 1 }],
          paymentMethod: 'cash',
        }),
      ),
    );
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
    expect(results.find((result) => result.status === 409)?.body.title).toBe('Insufficient stock');
    expect(await stockOf(product.id)).toBe(0);
  });

  it('refuses card payment, a discount of 101 and an empty cart, recording nothing', async () => {
    const product = await newProduct('75', 3);
    const before = await app.snapshot();
    const card = await app.manager.post('/api/sales', {
      saleId: saleId(),
      items: [{ productId: product.id, quantity: 1 }],
      paymentMethod: 'card',
    });
    expect(card).toMatchObject({
      status: 400,
      body: {
        message:
          'Card payments are currently not available in the sales till. Use the customer store for card payments.',
      },
    });
    const discount = await app.manager.post('/api/sales', {
      saleId: saleId(),
      items: [{ productId: product.id, quantity: 1 }],
      discountPercentage: 101,
      paymentMethod: 'cash',
    });
    expect(discount).toMatchObject({ status: 400, body: { message: 'Discount must be between 0% and 100%' } });
    const empty = await app.manager.post('/api/sales', { saleId: saleId(), items: [], paymentMethod: 'cash' });
    expect(empty).toMatchObject({ status: 400, body: { message: 'items: The cart is empty' } });
    expect(await app.snapshot()).toEqual(before);
  });

  it('reprints a past sale exactly after its product is deleted', async () => {
    const product = await newProduct('120', 4);
    const id = saleId();
    const first = await app.manager.post('/api/sales', {
      saleId: id,
      items: [{ productId: product.id, quantity: 2 }],
      discountPercentage: '10',
      paymentMethod: 'cash',
    });
    await app.manager.delete(`/api/products/${product.id}`);
    const again = await app.manager.get(`/api/sales/${id}`);
    expect(again.body).toEqual(first.body);
    expect(again.body.lines[0]).toMatchObject({ productName: product.name, unitPrice: '120.00', totalValue: '216.00' });
    expect((await app.manager.get('/api/sales/CASH-unknown')).status).toBe(404);
  });
});
