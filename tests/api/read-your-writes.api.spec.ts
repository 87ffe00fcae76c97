import { positionToString } from '@shop/infrastructure';
import { ApiClient } from './support/api-client';
import { startTestApp, type TestApp } from './support/test-app';

/**
 * Stock movements and till sales answer from their own events without waiting for the read models;
 * their position becomes the session's consistency token (gateway_sessions.written_*), and the
 * session's later requests, on any client sharing its cookie, wait until the read models reach it.
 */
describe('read-your-writes through the session consistency token', () => {
  let app: TestApp;
  let manager: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    manager = await app.signIn('manager', app.managerPassword);
  });
  afterAll(() => app.close());

  const newProduct = async (sku: string) => {
    const { status, body } = await manager.post('/api/products', {
      name: `Token ${sku}`,
      sku,
      category: 'Skincare Products',
      price: '1500',
      costPrice: '900',
      currentStock: 50,
    });
    expect(status).toBe(201);
    return body.id as string;
  };
  const stockIn = (client: ApiClient, productId: string, notes: string) =>
    client.post('/api/transactions', {
      productId,
      type: 'in',
      quantity: 1,
      unitPrice: '900',
      costPrice: '900',
      reason: 'purchase',
      notes,
    });
  const sessionTokens = async () =>
    (await app.infrastructure.database.knex('gateway_sessions').select('written_commit', 'written_prepare')).map(
      (row: { written_commit: string | null; written_prepare: string | null }) =>
        row.written_commit === null ? null : positionToString({ commit: BigInt(row.written_commit), prepare: BigInt(row.written_prepare!) }),
    );

  it('stores the position of a movement in its session only', async () => {
    const other = await app.signIn('manager', app.managerPassword);
    await other.get('/api/products');
    const productId = await newProduct(`RYW-A-${Date.now()}`);
    const created = await stockIn(manager, productId, 'token');
    expect(created.status).toBe(201);
    const head = await app.infrastructure.eventStore.headPosition();
    // One session holds the head's position; the session that only read holds none.
    expect((await sessionTokens()).sort()).toEqual([positionToString(head!), null].sort());
  });

  it('a read right after a movement or a sale sees it, from another client sharing the session', async () => {
    const productId = await newProduct(`RYW-B-${Date.now()}`);
    const sameSession = new ApiClient(app.url);
    sameSession.cookie = manager.cookie;
    for (let index = 0; index < 15; index++) {
      const created = await stockIn(manager, productId, `write ${index}`);
      expect(created.status).toBe(201);
      const history = await sameSession.get(`/api/products/${productId}/history`);
      const seen = history.body.entries.filter((entry: { movementId: string | null }) => entry.movementId === created.body.id);
      expect(seen).toHaveLength(1);
    }
    const saleId = `CASH-RYW-${Date.now()}`;
    const sale = await manager.post('/api/sales', {
      saleId,
      items: [{ productId, quantity: 2 }],
      discountPercentage: '0',
      paymentMethod: 'cash',
    });
    expect(sale.status).toBe(201);
    expect((await sameSession.get(`/api/sales/${saleId}`)).status).toBe(200);
  });

  it('a read after the projections were halted and restarted waits for them to catch up with the session', async () => {
    const productId = await newProduct(`RYW-C-${Date.now()}`);
    await app.infrastructure.runner.stop();
    const created = await stockIn(manager, productId, 'while halted');
    expect(created.status).toBe(201);
    await app.infrastructure.runner.start();
    const list = await manager.get('/api/transactions');
    expect(list.body.map((row: { id: string }) => row.id)).toContain(created.body.id);
  });
});
