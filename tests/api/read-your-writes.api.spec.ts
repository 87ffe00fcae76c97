import { ApiClient } from './support/api-client';
import { useTestApp } from './support/use-test-app';

/**
 * Stock movements and till sales answer from their own events without waiting for the read models
 * and without storing anything per write; every later signed-in request, of any session on any
 * client, first waits until the read models reach the store's newest committed position.
 */
describe('read-your-writes through the high-water mark', () => {
  const app = useTestApp();

  const newProduct = async (sku: string) => {
    const { status, body } = await app.manager.post('/api/products', {
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

  it('stores nothing in the session: its row keeps only who signed in and until when', async () => {
    const productId = await newProduct(`RYW-A-${Date.now()}`);
    expect((await stockIn(app.manager, productId, 'nothing stored')).status).toBe(201);
    const { rows } = await app.infrastructure.database.knex.raw<{ rows: { column_name: string }[] }>(
      `select column_name from information_schema.columns where table_name = 'gateway_sessions' order by column_name`,
    );
    expect(rows.map((row) => row.column_name)).toEqual(['created_at', 'expires_at', 'token_hash', 'user_id']);
  });

  it('a read right after a movement, by another session, sees it', async () => {
    const other = await app.signIn('manager', app.managerPassword);
    const productId = await newProduct(`RYW-O-${Date.now()}`);
    for (let index = 0; index < 10; index++) {
      const created = await stockIn(app.manager, productId, `seen by another ${index}`);
      expect(created.status).toBe(201);
      const history = await other.get(`/api/products/${productId}/history`);
      const seen = history.body.entries.filter(
        (entry: { movementId: string | null }) => entry.movementId === created.body.id,
      );
      expect(seen).toHaveLength(1);
    }
  });

  it('a read right after a movement or a sale sees it, from another client sharing the session', async () => {
    const productId = await newProduct(`RYW-B-${Date.now()}`);
    const sameSession = new ApiClient(app.url);
    sameSession.cookie = app.manager.cookie;
    for (let index = 0; index < 15; index++) {
      const created = await stockIn(app.manager, productId, `write ${index}`);
      expect(created.status).toBe(201);
      const history = await sameSession.get(`/api/products/${productId}/history`);
      const seen = history.body.entries.filter(
        (entry: { movementId: string | null }) => entry.movementId === created.body.id,
      );
      expect(seen).toHaveLength(1);
    }
    const saleId = `CASH-RYW-${Date.now()}`;
    const sale = await app.manager.post('/api/sales', {
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
    const created = await stockIn(app.manager, productId, 'while halted');
    expect(created.status).toBe(201);
    await app.infrastructure.runner.start();
    const list = await app.manager.get('/api/transactions');
    expect(list.body.map((row: { id: string }) => row.id)).toContain(created.body.id);
  });
});
