import { useTestApp } from './support/use-test-app';
import { onlineOrderHelpers, STOREFRONT_TOKEN } from './support/online-order-helpers';

/**
 * Status moves of one order sent at the same moment (two staff on the Online Orders dialog). Each
 * move is decided on the order as it is when its events are appended; a return must reverse the sale
 * line that this very serve recorded, so whatever order the moves land in, an order back at pending
 * has given back exactly what it took and sold nothing.
 */
describe('online orders: concurrent status moves', () => {
  const app = useTestApp({ storefrontToken: STOREFRONT_TOKEN });
  let api: ReturnType<typeof onlineOrderHelpers>;

  beforeAll(async () => {
    api = onlineOrderHelpers(app, app.manager);
  });

  /** Brings the order back to pending, unless it is there already. */
  const backToPending = async (id: string) => {
    const moved = await api.setStatus(id, 'pending');
    if (moved.status !== 200)
      expect(moved).toMatchObject({ status: 409, body: { message: 'This order is already pending' } });
  };

  const expectNothingSold = async (before: Record<string, unknown>, productId: string, stock: number) => {
    expect(await api.stockOf(productId)).toBe(stock);
    const after = await api.metrics();
    expect({
      todaysSales: after.todaysSales,
      todaysSalesProfit: after.todaysSalesProfit,
      todaysUnitsSold: after.todaysUnitsSold,
    }).toEqual({
      todaysSales: before.todaysSales,
      todaysSalesProfit: before.todaysSalesProfit,
      todaysUnitsSold: before.todaysUnitsSold,
    });
  };

  it('served and pending at once from processing: a return always reverses the sale it undoes', async () => {
    const product = await api.newProduct('1500', 100, '900');
    const before = await api.metrics();
    for (let round = 0; round < 10; round++) {
      const order = await api.placeOrder([{ productId: product.id, quantity: 2 }]);
      expect((await api.setStatus(order.id, 'processing')).status).toBe(200);
      const answers = await Promise.all([api.setStatus(order.id, 'served'), api.setStatus(order.id, 'pending')]);
      answers.forEach((answer) => expect([200, 409]).toContain(answer.status));
      await backToPending(order.id);
    }
    await expectNothingSold(before, product.id, 100);
    expect(await app.caughtUp(10_000)).toBe(true);
  });

  it('pending, served and pending at once from served: every unit taken comes back', async () => {
    const product = await api.newProduct('800', 100, '500');
    const before = await api.metrics();
    for (let round = 0; round < 8; round++) {
      const order = await api.placeOrder([{ productId: product.id, quantity: 3 }]);
      expect((await api.setStatus(order.id, 'served')).status).toBe(200);
      const answers = await Promise.all([
        api.setStatus(order.id, 'pending'),
        api.setStatus(order.id, 'served'),
        api.setStatus(order.id, 'pending'),
      ]);
      answers.forEach((answer) => expect([200, 409]).toContain(answer.status));
      await backToPending(order.id);
    }
    await expectNothingSold(before, product.id, 100);
  });

  it('eight moves at once: each is refused only by the status machine, never a 500 or a lost stock', async () => {
    const product = await api.newProduct('250', 100, '100');
    const before = await api.metrics();
    const order = await api.placeOrder([{ productId: product.id, quantity: 4 }]);
    expect((await api.setStatus(order.id, 'served')).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => api.setStatus(order.id, index % 2 === 0 ? 'pending' : 'served')),
    );
    for (const answer of answers) {
      if (answer.status === 200) continue;
      expect(answer.status).toBe(409);
      expect(answer.body.message).toMatch(/^This order is already (pending|served)$/);
    }
    await backToPending(order.id);
    await expectNothingSold(before, product.id, 100);
  });
});
