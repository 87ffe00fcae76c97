import { ONLINE_ORDER_STATUSES } from '@shop/contracts';
import { useTestApp } from './support/use-test-app';
import { onlineOrderHelpers, STOREFRONT_TOKEN } from './support/online-order-helpers';

const LEGAL: Record<string, string[]> = {
  pending: ['processing', 'served'],
  processing: ['pending', 'served'],
  served: ['pending'],
};

describe('online orders: storefront intake, status machine and stock', () => {
  const app = useTestApp({ storefrontToken: STOREFRONT_TOKEN });
  let api: ReturnType<typeof onlineOrderHelpers>;

  beforeAll(async () => {
    api = onlineOrderHelpers(app, app.manager);
  });

  it('prices every line from the catalogue, ignoring client prices, and totals exactly', async () => {
    const [cream, soap] = [await api.newProduct('333.33', 10), await api.newProduct('0.99', 10)];
    const response = await api.storefront('/api/online-orders', {
      customerName: '  Amaka Obi ',
      customerEmail: 'amaka@example.com',
      customerPhone: '',
      customerCity: 'Ikeja',
      items: [
        { productId: cream.id, quantity: 2, price: '1.00' },
        { productId: soap.id, quantity: 7, price: '0.01' },
        { productId: cream.id, quantity: 1 },
      ],
      totalAmount: '5.00',
      status: 'served',
      notes: 'Leave at the gate',
    });
    expect(response.status).toBe(201);
    const order = response.body;
    expect(order).toMatchObject({
      customerId: null,
      customerName: 'Amaka Obi',
      customerEmail: 'amaka@example.com',
      customerPhone: null,
      customerCity: 'Ikeja',
      // Repeated products are merged: 3 × 333.33 + 7 × 0.99 = 999.99 + 6.93
      items: [
        { productId: cream.id, productName: cream.name, quantity: 3, price: '333.33' },
        { productId: soap.id, productName: soap.name, quantity: 7, price: '0.99' },
      ],
      totalAmount: '1006.92',
      status: 'pending',
      paymentStatus: 'pending',
      paymentReference: null,
      paymentMethod: null,
      notes: 'Leave at the gate',
      servedAt: null,
    });
    expect(order.orderNumber).toMatch(/^ORD-\d{8}-[A-Z2-9]{6}$/);
    expect(order.orderDate).toBe(order.createdAt);
    // Placing takes nothing out of stock.
    expect(await api.stockOf(cream.id)).toBe(10);
  });

  it('refuses bad orders with a message naming the problem, recording nothing', async () => {
    const product = await api.newProduct('10', 5);
    const gone = await api.newProduct('10', 5);
    await app.manager.delete(`/api/products/${gone.id}`);
    const item = [{ productId: product.id, quantity: 1 }];
    const unknown = '9b2e4c1a-0000-4000-8000-000000000000';
    const before = await app.snapshot();
    const refused = async (body: Record<string, unknown>) => {
      const { status, body: answer } = await api.storefront('/api/online-orders', {
        customerName: 'Ada',
        items: item,
        ...body,
      });
      return { status, message: answer?.message };
    };
    expect(await refused({ items: [] })).toEqual({ status: 400, message: 'items: An order needs at least one item' });
    expect(await refused({ items: [{ productId: product.id, quantity: 0 }] })).toEqual({
      status: 400,
      message: 'items.0.quantity: Quantity must be at least 1',
    });
    expect(await refused({ items: [{ productId: product.id, quantity: 1.5 }] })).toEqual({
      status: 400,
      message: 'items.0.quantity: Quantity must be a whole number',
    });
    expect(await refused({ customerName: ' ' })).toEqual({
      status: 400,
      message: 'customerName: Customer name is required',
    });
    expect(await refused({ customerEmail: 'not-an-email' })).toEqual({
      status: 400,
      message: 'customerEmail: Customer email must be a valid email address',
    });
    expect(await refused({ customerId: 'abc' })).toEqual({ status: 400, message: 'customerId must be a customer id' });
    expect(await refused({ items: [{ productId: unknown, quantity: 1 }] })).toEqual({
      status: 404,
      message: `Product ${unknown} not found`,
    });
    expect(await refused({ items: [{ productId: gone.id, quantity: 1 }] })).toEqual({
      status: 409,
      message: `${gone.name} is no longer available`,
    });
    expect(await refused({ customerId: unknown })).toEqual({ status: 404, message: 'Customer not found' });
    expect(await app.snapshot()).toEqual(before);
  });

  describe.each(ONLINE_ORDER_STATUSES)('from %s', (from) => {
    it.each(ONLINE_ORDER_STATUSES)('to %s', async (to) => {
      const order = await api.orderAt(from);
      const response = await api.setStatus(order.id, to);
      if (LEGAL[from]!.includes(to)) {
        expect(response).toMatchObject({ status: 200, body: { id: order.id, status: to } });
      } else {
        const message = from === to ? `This order is already ${to}` : `Cannot change an order from ${from} to ${to}`;
        expect(response).toMatchObject({ status: 409, body: { message } });
        expect(await api.orderById(order.id)).toMatchObject({ status: from });
      }
    });
  });

  it('serving takes the items out of stock at the order price; back to pending returns them', async () => {
    const [cream, soap] = [await api.newProduct('1500', 10, '900'), await api.newProduct('800.50', 4)];
    const order = await api.placeOrder([
      { productId: cream.id, quantity: 3 },
      { productId: soap.id, quantity: 4 },
    ]);
    const served = await api.setStatus(order.id, 'served');
    expect(served.body).toMatchObject({ status: 'served', servedAt: expect.any(String) });
    expect([await api.stockOf(cream.id), await api.stockOf(soap.id)]).toEqual([7, 0]);
    const out = await api.movementsOf(order.orderNumber);
    expect(out).toHaveLength(2);
    expect(out).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          productId: cream.id,
          type: 'out',
          reason: 'sale',
          quantity: 3,
          unitPrice: '1500.00',
          totalValue: '4500.00',
          sellerName: 'manager',
        }),
        expect.objectContaining({
          productId: soap.id,
          type: 'out',
          reason: 'sale',
          quantity: 4,
          unitPrice: '800.50',
          totalValue: '3202.00',
        }),
      ]),
    );

    const back = await api.setStatus(order.id, 'pending');
    expect(back.body).toMatchObject({ status: 'pending', servedAt: null });
    expect([await api.stockOf(cream.id), await api.stockOf(soap.id)]).toEqual([10, 4]);
    const returned = (await api.movementsOf(order.orderNumber)).filter((row) => row.type === 'in');
    expect(returned).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ productId: cream.id, reason: 'return', quantity: 3 }),
        expect.objectContaining({ productId: soap.id, reason: 'return', quantity: 4 }),
      ]),
    );
    // Pending ↔ processing moves no stock.
    await api.setStatus(order.id, 'processing');
    expect(await api.movementsOf(order.orderNumber)).toHaveLength(4);
  });

  it('a return reverses the sale lines: serving back and forth never inflates sales, and a line reversed by hand comes back once', async () => {
    const product = await api.newProduct('2000', 10, '1200');
    const order = await api.placeOrder([{ productId: product.id, quantity: 3 }]);
    const before = await api.metrics();
    for (let round = 0; round < 3; round++) {
      expect((await api.setStatus(order.id, 'served')).status).toBe(200);
      expect((await api.setStatus(order.id, 'pending')).status).toBe(200);
    }
    expect(await api.stockOf(product.id)).toBe(10);
    const afterToggles = await api.metrics();
    // Pending again: none of the three serves is a sale any more.
    expect(afterToggles.todaysSales).toBe(before.todaysSales);
    expect(afterToggles.todaysSalesProfit).toBe(before.todaysSalesProfit);
    expect(afterToggles.todaysUnitsSold).toBe(before.todaysUnitsSold);
    const returns = (await api.movementsOf(order.orderNumber)).filter((row) => row.type === 'in');
    expect(returns).toHaveLength(3);

    // Served, its line reversed by hand (stock back to 10), then moved back: nothing more comes back.
    expect((await api.setStatus(order.id, 'served')).status).toBe(200);
    expect(await api.stockOf(product.id)).toBe(7);
    const lines = (await api.movementsOf(order.orderNumber)).filter((row) => row.type === 'out');
    const newest = lines.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!;
    const reversed = await app.manager.post(`/api/transactions/${newest.id}/reverse`, { notes: 'served by mistake' });
    expect(reversed.status).toBe(201);
    expect(await api.stockOf(product.id)).toBe(10);
    expect((await api.setStatus(order.id, 'pending')).status).toBe(200);
    expect(await api.stockOf(product.id)).toBe(10);
    const metrics = await api.metrics();
    expect(metrics.todaysSales).toBe(before.todaysSales);
    expect(metrics.todaysUnitsSold).toBe(before.todaysUnitsSold);
  });

  it('refuses to serve with too little stock or a deleted product, recording nothing', async () => {
    const [plenty, scarce] = [await api.newProduct('100', 10), await api.newProduct('100', 1)];
    const order = await api.placeOrder([
      { productId: plenty.id, quantity: 2 },
      { productId: scarce.id, quantity: 2 },
    ]);
    const before = await app.snapshot();
    expect(await api.setStatus(order.id, 'served')).toMatchObject({
      status: 409,
      body: { title: 'Insufficient stock', message: `Only 1 units available for ${scarce.name}` },
    });
    expect(await app.snapshot()).toEqual(before);
    expect(await api.orderById(order.id)).toMatchObject({ status: 'pending' });
    expect(await api.movementsOf(order.orderNumber)).toHaveLength(0);

    await app.manager.delete(`/api/products/${scarce.id}`);
    expect(await api.setStatus(order.id, 'served')).toMatchObject({
      status: 409,
      body: { message: `Cannot serve this order: ${scarce.name} has been deleted` },
    });
    expect(await api.stockOf(plenty.id)).toBe(10);
  });

  it('serves an order once under concurrent clicks, and the last unit to one order only', async () => {
    const product = await api.newProduct('100', 2);
    const one = { productId: product.id, quantity: 1 };
    const [a, b, c] = [await api.placeOrder([one]), await api.placeOrder([one]), await api.placeOrder([one])];
    const twice = await Promise.all([api.setStatus(a.id, 'served'), api.setStatus(a.id, 'served')]);
    expect(twice.map((response) => response.status).sort()).toEqual([200, 409]);
    const race = await Promise.all([api.setStatus(b.id, 'served'), api.setStatus(c.id, 'served')]);
    expect(race.map((response) => response.status).sort()).toEqual([200, 409]);
    expect(race.find((response) => response.status === 409)?.body.title).toBe('Insufficient stock');
    expect(await api.stockOf(product.id)).toBe(0);
  });

  it('lists orders oldest first; answers 400 for a bad status and 404 for an unknown order', async () => {
    const first = await api.orderAt('pending');
    const second = await api.orderAt('pending');
    const ids = ((await app.manager.get('/api/online-orders')).body as { id: string }[]).map((order) => order.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(await api.setStatus(first.id, 'shipped')).toMatchObject({
      status: 400,
      body: { message: "Status must be 'pending', 'processing' or 'served'" },
    });
    expect(await api.setStatus('9b2e4c1a-0000-4000-8000-000000000000', 'served')).toMatchObject({
      status: 404,
      body: { message: 'Order not found' },
    });
    expect((await api.setStatus('not-an-id', 'served')).status).toBe(404);
  });

  it('feeds the dashboard: pending orders and orders served today', async () => {
    const start = await api.metrics();
    const [a, b] = [await api.orderAt('pending'), await api.orderAt('pending')];
    await api.orderAt('processing');
    expect((await api.metrics()).pendingOnlineOrders).toBe(start.pendingOnlineOrders + 2);
    await api.setStatus(a.id, 'served');
    await api.setStatus(b.id, 'served');
    const served = await api.metrics();
    expect(served).toMatchObject({
      pendingOnlineOrders: start.pendingOnlineOrders,
      todaysServedOnlineOrders: start.todaysServedOnlineOrders + 2,
    });
    expect(served.todaysUnitsSold).toBe(start.todaysUnitsSold + 2);
    await api.setStatus(b.id, 'pending');
    expect(await api.metrics()).toMatchObject({
      pendingOnlineOrders: start.pendingOnlineOrders + 1,
      todaysServedOnlineOrders: start.todaysServedOnlineOrders + 1,
    });
  });
});
