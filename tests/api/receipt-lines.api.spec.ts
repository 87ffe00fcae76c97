import { useTestApp } from './support/use-test-app';

/**
 * The spec's per-line till posts one POST /api/transactions per cart line under one saleId. A line
 * is its receipt's line for that product: posted again (a retry after a lost answer, or a double
 * click) it records nothing and answers the movement first recorded, whether the posts come one
 * after another or all at once.
 */
describe('POST /api/transactions with a saleId: one line per product per receipt', () => {
  const app = useTestApp();
  let sequence = 0;

  const newProduct = async (stock: number) => {
    sequence += 1;
    const { status, body } = await app.manager.post('/api/products', {
      name: `Receipt Line ${sequence}`,
      sku: `RL-${sequence}-${Date.now()}`,
      category: 'Skincare Products',
      price: '1200.50',
      currentStock: stock,
    });
    expect(status).toBe(201);
    return body as { id: string };
  };
  const saleId = () => `CASH-${Date.now()}-${Math.random().toString(36).slice(2, 11)}`;
  const line = (productId: string, id: string, quantity = 2) => ({
    saleId: id,
    productId,
    type: 'out',
    quantity,
    reason: 'sale',
    unitPrice: '1200.50',
    originalTotal: (1200.5 * quantity).toFixed(2),
    discountPercentage: '0',
    discountAmount: '0',
    totalValue: (1200.5 * quantity).toFixed(2),
  });
  const stockOf = async (id: string) =>
    (await app.manager.get('/api/products')).body.find((row: { id: string }) => row.id === id).currentStock as number;
  const receiptLines = async (id: string) =>
    (await app.manager.get('/api/transactions')).body.filter((row: { saleId: string | null }) => row.saleId === id);

  it('records a line posted twice once, answering the first movement again with 200', async () => {
    const product = await newProduct(10);
    const id = saleId();
    const first = await app.manager.post('/api/transactions', line(product.id, id));
    const again = await app.manager.post('/api/transactions', line(product.id, id));
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await stockOf(product.id)).toBe(8);
    expect(await receiptLines(id)).toEqual([first.body]);
  });

  it('records one of eight identical lines posted at once', async () => {
    const product = await newProduct(10);
    const id = saleId();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => app.manager.post('/api/transactions', line(product.id, id, 1))),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(answers.map((answer) => answer.body.id)).size).toBe(1);
    expect(await stockOf(product.id)).toBe(9);
    expect(await receiptLines(id)).toHaveLength(1);
  });

  it('adds other products as further lines and refuses a different line for a product already on the receipt', async () => {
    const [cream, serum] = [await newProduct(10), await newProduct(10)];
    const id = saleId();
    expect((await app.manager.post('/api/transactions', line(cream.id, id))).status).toBe(201);
    expect((await app.manager.post('/api/transactions', line(serum.id, id, 3))).status).toBe(201);
    const before = await app.snapshot();
    const changed = await app.manager.post('/api/transactions', line(cream.id, id, 5));
    expect(changed).toMatchObject({
      status: 409,
      body: { message: `Sale ${id} already has a line for this product: a receipt holds one line per product` },
    });
    expect(await app.snapshot()).toEqual(before);
    expect([await stockOf(cream.id), await stockOf(serum.id)]).toEqual([8, 7]);
    expect(await receiptLines(id)).toHaveLength(2);
  });

  it('keeps the receipt rule when a repeat is refused for stock: the first line stands, answered again', async () => {
    const product = await newProduct(2);
    const id = saleId();
    const first = await app.manager.post('/api/transactions', line(product.id, id, 2));
    // The product is sold out now: the same line again is still the line already recorded.
    const again = await app.manager.post('/api/transactions', line(product.id, id, 2));
    expect([first.status, again.status]).toEqual([201, 200]);
    expect(again.body.id).toBe(first.body.id);
    expect(await stockOf(product.id)).toBe(0);
  });
});
