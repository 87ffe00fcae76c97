import { useTestApp } from './support/use-test-app';

/**
 * A write whose events are stored answers from those events, never from a read model: with the
 * projections halted it still answers 201 with the body the read models show once they catch up.
 * Also point 4 of issue 9: a retried sale never looks lost, and sale ids belong to their sale.
 */
describe('writes answer from their own events', () => {
  const app = useTestApp();
  let sequence = 0;

  const newProduct = async (price: string, stock: number, costPrice?: string) => {
    sequence += 1;
    const { status, body } = await app.manager.post('/api/products', {
      name: `Write Answer ${sequence}`,
      sku: `WA-${sequence}-${Date.now()}`,
      category: 'Skincare Products',
      price,
      costPrice,
      currentStock: stock,
    });
    expect(status).toBe(201);
    return body as { id: string };
  };
  const saleId = () => `CASH-${Date.now()}-${Math.random().toString(36).slice(2, 11)}`;
  const countEvents = async (type: string, streamId: string) =>
    Number(
      (await app.infrastructure.database.knex('events').where({ type, stream_id: streamId }).count({ n: '*' }))[0]?.n,
    );

  it('answers 201 with the recorded movement, sale, stocktake and reversal while the projections are halted', async () => {
    const [cream, serum] = [await newProduct('1500', 20, '900'), await newProduct('333.33', 10)];
    // Counted on a product of its own: a count of 2 on serum could land before the stock out of 3 and refuse it.
    const balm = await newProduct('700', 5);
    const earlier = await app.manager.post('/api/transactions', {
      productId: cream.id,
      type: 'in',
      quantity: 2,
      unitPrice: '900',
      costPrice: '900',
      reason: 'purchase',
    });
    expect(earlier.status).toBe(201);
    // A read of the session waits for the read models to show `earlier`, which its reversal below
    // finds there; halted before that, they might never have seen it.
    expect((await app.manager.get('/api/transactions')).status).toBe(200);

    await app.infrastructure.runner.stop();
    try {
      const receipt = saleId();
      const till = saleId();
      const [stockIn, stockOut, sale, stocktake, reversal, product] = await Promise.all([
        app.manager.post('/api/transactions', {
          productId: cream.id,
          type: 'in',
          quantity: 5,
          unitPrice: '950.5',
          costPrice: '950.5',
          reason: 'purchase',
          notes: 'Delivery',
        }),
        app.manager.post('/api/transactions', {
          productId: serum.id,
          type: 'out',
          quantity: 3,
          unitPrice: '333.33',
          reason: 'sale',
          discountPercentage: '12.5',
          saleId: receipt,
        }),
        app.manager.post('/api/sales', {
          saleId: till,
          items: [{ productId: serum.id, quantity: 1 }],
          discountPercentage: '10',
          paymentMethod: 'cash',
        }),
        app.manager.post('/api/stocktakes', { productId: balm.id, countedQuantity: 2, notes: 'Shelf count' }),
        app.manager.post(`/api/transactions/${earlier.body.id}/reverse`, { notes: 'Entered twice' }),
        // Its answer is the products read model's row: not there yet, so 202 with the new id.
        app.manager.post('/api/products', {
          name: 'Halted Toner',
          sku: `HALT-${Date.now()}`,
          category: 'Skincare Products',
          price: '800',
          currentStock: 1,
        }),
      ]);
      expect(product).toMatchObject({ status: 202, body: { id: expect.any(String) } });
      for (const response of [stockIn, stockOut, sale, stocktake, reversal]) expect(response.status).toBe(201);
      expect(stockIn.body).toMatchObject({
        productId: cream.id,
        type: 'in',
        quantity: 5,
        unitPrice: '950.50',
        totalValue: '4752.50',
      });
      expect(stockOut.body).toMatchObject({ saleId: receipt, type: 'out', quantity: 3, discountPercentage: '12.50' });
      expect(sale.body).toMatchObject({ saleId: till, discountPercentage: '10.00', totalValue: '300.00' });
      expect(reversal.body).toMatchObject({ type: 'out', quantity: 2 });
      // The read model really is behind: none of these is there yet.
      const ids = new Set(((await app.manager.get('/api/transactions')).body as { id: string }[]).map((row) => row.id));
      expect(ids.has(stockIn.body.id)).toBe(false);

      await app.infrastructure.runner.start();
      await waitFor(async () => (await app.manager.get(`/api/sales/${till}`)).status === 200);
      const rows = new Map(
        ((await app.manager.get('/api/transactions')).body as { id: string }[]).map((row) => [row.id, row]),
      );
      await waitFor(async () => {
        const fresh = (await app.manager.get('/api/transactions')).body as { id: string }[];
        for (const row of fresh) rows.set(row.id, row);
        return (
          [stockIn, stockOut, reversal].every((response) => rows.has(response.body.id)) &&
          rows.has(stocktake.body.movement.id)
        );
      });
      expect(rows.get(stockIn.body.id)).toEqual(stockIn.body);
      expect(rows.get(stockOut.body.id)).toEqual(stockOut.body);
      expect(rows.get(reversal.body.id)).toEqual(reversal.body);
      expect(rows.get(stocktake.body.movement.id)).toEqual(stocktake.body.movement);
      expect((await app.manager.get(`/api/sales/${till}`)).body).toEqual(sale.body);
      await waitFor(async () =>
        (await app.manager.get('/api/products')).body.some((row: { id: string }) => row.id === product.body.id),
      );
    } finally {
      await app.infrastructure.runner.stop();
      await app.infrastructure.runner.start();
    }
  });

  it('answers every one of 10 concurrent posts of one sale with the recorded sale, and records it once', async () => {
    const product = await newProduct('250', 50);
    const id = saleId();
    const body = { saleId: id, items: [{ productId: product.id, quantity: 2 }], paymentMethod: 'cash' };
    const responses = await Promise.all(Array.from({ length: 10 }, () => app.manager.post('/api/sales', body)));

    expect(responses.map((response) => response.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    for (const response of responses) expect(response.body).toEqual(responses[0]!.body);
    expect(responses[0]!.body).toMatchObject({ saleId: id, totalValue: '500.00' });
    expect((await app.manager.get(`/api/sales/${id}`)).body).toEqual(responses[0]!.body);
    expect(await countEvents('SaleRecorded', `sale-${id}`)).toBe(1);
    expect(await countEvents('StockIssued', `product-${product.id}`)).toBe(1);
  });

  it("refuses a stock movement that reuses a till sale's id with 409, and a till sale that reuses a receipt's id", async () => {
    const product = await newProduct('100', 50);
    const till = saleId();
    expect(
      (
        await app.manager.post('/api/sales', {
          saleId: till,
          items: [{ productId: product.id, quantity: 1 }],
          paymentMethod: 'cash',
        })
      ).status,
    ).toBe(201);
    const before = await app.snapshot();
    const sneaked = await app.manager.post('/api/transactions', {
      productId: product.id,
      type: 'out',
      quantity: 1,
      unitPrice: '100',
      reason: 'sale',
      saleId: till,
    });
    expect(sneaked).toMatchObject({
      status: 409,
      body: { message: `Sale ${till} is a till sale: a stock movement cannot add lines to its receipt` },
    });
    expect(await app.snapshot()).toEqual(before);
    expect((await app.manager.get(`/api/sales/${till}`)).body.lines).toHaveLength(1);

    // A receipt built line by line keeps its id: its lines share it, and a till sale may not take it.
    const receipt = saleId();
    const other = await newProduct('100', 50);
    const line = (productId: string) => ({
      productId,
      type: 'out',
      quantity: 1,
      unitPrice: '100',
      reason: 'sale',
      saleId: receipt,
    });
    const lines = await Promise.all([product, other].map(({ id }) => app.manager.post('/api/transactions', line(id))));
    expect(lines.map((response) => response.status)).toEqual([201, 201]);
    const taken = await app.manager.post('/api/sales', {
      saleId: receipt,
      items: [{ productId: product.id, quantity: 1 }],
      paymentMethod: 'cash',
    });
    expect(taken).toMatchObject({
      status: 409,
      body: { message: `Sale id ${receipt} is already used by a receipt of stock movements` },
    });
    expect(await countEvents('SaleIdClaimed', `sale-${receipt}`)).toBe(1);
    expect(await countEvents('ReceiptLineAdded', `sale-${receipt}`)).toBe(2);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('Timed out waiting for the read models');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
