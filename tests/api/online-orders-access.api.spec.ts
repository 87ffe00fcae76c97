import { useTestApp } from './support/use-test-app';
import { onlineOrderHelpers, STOREFRONT_TOKEN } from './support/online-order-helpers';

const customer = { email: 'eze@example.com', firstName: 'Eze', lastName: 'Okafor' };

describe('storefront intake and orders dialog access, with STOREFRONT_TOKEN configured', () => {
  const app = useTestApp({ storefrontToken: STOREFRONT_TOKEN });
  let api: ReturnType<typeof onlineOrderHelpers>;

  beforeAll(async () => {
    api = onlineOrderHelpers(app, app.manager);
  });

  it('needs the storefront token: missing → 401, wrong → 401, right → 201', async () => {
    const product = await api.newProduct('10', 5);
    const body = { customerName: 'Amaka Obi', items: [{ productId: product.id, quantity: 1 }] };
    const before = await app.snapshot();
    expect(await api.storefront('/api/online-orders', body, null)).toMatchObject({
      status: 401,
      body: { message: 'A valid storefront token is required' },
    });
    expect(await api.storefront('/api/online-orders', body, 'wrong-token-wrong-token')).toMatchObject({
      status: 401,
      body: { message: 'A valid storefront token is required' },
    });
    const basic = await app
      .client()
      .request('POST', '/api/online-orders', body, { authorization: `Basic ${STOREFRONT_TOKEN}` });
    expect(basic.status).toBe(401);
    expect(await app.snapshot()).toEqual(before);
    expect((await api.storefront('/api/online-orders', body)).status).toBe(201);
    // A manager keying an order by phone needs no token.
    expect((await app.manager.post('/api/online-orders', body)).status).toBe(201);
  });

  it('needs the dashboard page to list and move orders', async () => {
    const order = await api.orderAt('pending');
    expect((await app.client().get('/api/online-orders')).status).toBe(401);
    await app.manager.post('/api/users', { username: 'orders-assistant', password: 'assistant-secret-1' });
    const assistant = await app.signIn('orders-assistant', 'assistant-secret-1');
    expect((await assistant.get('/api/online-orders')).status).toBe(200);
    expect(await api.setStatus(order.id, 'processing', assistant)).toMatchObject({
      status: 200,
      body: { status: 'processing' },
    });
    const permissions = (await app.manager.get('/api/settings/page_permissions')).body.value;
    await app.manager.put('/api/settings/page_permissions', {
      value: { assistant: { ...permissions.assistant, dashboard: false } },
    });
    expect((await assistant.get('/api/online-orders')).status).toBe(403);
    expect((await api.setStatus(order.id, 'pending', assistant)).status).toBe(403);
    // The storefront intake is not a staff page: an assistant session cannot place orders.
    expect((await assistant.post('/api/online-orders', { customerName: 'A', items: [] })).status).toBe(403);
    await app.manager.put('/api/settings/page_permissions', { value: permissions });
  });
});

describe('storefront intake without STOREFRONT_TOKEN configured', () => {
  const app = useTestApp();

  it('accepts a manager session only: an assistant gets 403, nobody 401, any token 401', async () => {
    const api = onlineOrderHelpers(app, app.manager);
    const product = await api.newProduct('10', 5);
    const order = { customerName: 'Amaka Obi', items: [{ productId: product.id, quantity: 1 }] };
    expect((await app.manager.post('/api/online-orders', order)).status).toBe(201);
    expect((await app.manager.post('/api/customers', customer)).status).toBe(201);

    await app.manager.post('/api/users', { username: 'intake-assistant', password: 'assistant-secret-1' });
    const assistant = await app.signIn('intake-assistant', 'assistant-secret-1');
    expect(await assistant.post('/api/online-orders', order)).toMatchObject({
      status: 403,
      body: { message: 'Only a manager can do this' },
    });
    expect((await assistant.post('/api/customers', { ...customer, email: 'femi@example.com' })).status).toBe(403);

    expect(await api.storefront('/api/online-orders', order, null)).toMatchObject({
      status: 401,
      body: { message: 'Not signed in' },
    });
    expect((await api.storefront('/api/online-orders', order, STOREFRONT_TOKEN)).status).toBe(401);
    expect((await api.storefront('/api/customers', customer, STOREFRONT_TOKEN)).status).toBe(401);
  });
});
