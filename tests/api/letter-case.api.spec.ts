import { STOREFRONT_TOKEN } from './support/online-order-helpers';
import { useTestApp } from './support/use-test-app';

/**
 * Ids and usernames as clients really send them: a UUID in upper case is the same id (RFC 9562),
 * and a username typed with a capital (phones capitalise the first letter) is the same user, as the
 * username registry already holds it.
 */
describe('letter case of ids and usernames', () => {
  const app = useTestApp({ storefrontToken: STOREFRONT_TOKEN });
  let productId: string;

  beforeAll(async () => {
    const created = await app.manager.post('/api/products', {
      name: 'Shea Butter',
      sku: 'CASE-1',
      category: 'Body Care',
      price: '1500.00',
      currentStock: 20,
    });
    expect(created.status).toBe(201);
    productId = created.body.id;
  });

  const upper = () => productId.toUpperCase();

  it('takes a product id in upper case wherever a product is named', async () => {
    const moved = await app.manager.post('/api/transactions', {
      productId: upper(),
      type: 'out',
      quantity: 2,
      unitPrice: '1500.00',
      reason: 'sale',
    });
    expect(moved.status).toBe(201);
    expect(moved.body.productId).toBe(productId);

    const sold = await app.manager.post('/api/sales', {
      saleId: 'CASH-CASE-1',
      items: [{ productId: upper(), quantity: 1 }],
      paymentMethod: 'cash',
    });
    expect(sold.status).toBe(201);

    const counted = await app.manager.post('/api/stocktakes', {
      productId: upper(),
      countedQuantity: 16,
      notes: 'shelf',
    });
    expect(counted.status).toBe(201);
    expect(counted.body).toMatchObject({ productId, expectedQuantity: 17, countedQuantity: 16, difference: -1 });

    const ordered = await app
      .client()
      .request(
        'POST',
        '/api/online-orders',
        { customerName: 'Bola', items: [{ productId: upper(), quantity: 1 }] },
        { authorization: `Bearer ${STOREFRONT_TOKEN}` },
      );
    expect(ordered.status).toBe(201);

    const history = await app.manager.get(`/api/products/${upper()}/history`);
    expect(history.status).toBe(200);
    const products = await app.manager.get('/api/products');
    expect(products.body.find((product: { id: string }) => product.id === productId).currentStock).toBe(16);
  });

  it('counts a product named in two letter cases on one sheet as counted twice', async () => {
    const sheet = await app.manager.post('/api/stocktakes', {
      lines: [
        { productId, countedQuantity: 1 },
        { productId: upper(), countedQuantity: 2 },
      ],
      notes: 'twice',
    });
    expect(sheet.status).toBe(400);
    expect(sheet.body.message).toBe('lines.1.productId: A product is counted twice');
  });

  it('deactivates and deletes a user named by an upper-case id', async () => {
    const created = await app.manager.post('/api/users', { username: 'tolu', password: 'tolu-secret-1' });
    expect(created.status).toBe(201);
    const id: string = created.body.id;
    const updated = await app.manager.put(`/api/users/${id.toUpperCase()}`, { isActive: false });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ id, isActive: false });
    expect((await app.manager.delete(`/api/users/${id.toUpperCase()}`)).status).toBe(204);
    const users = await app.manager.get('/api/users');
    expect(users.body.map((user: { id: string }) => user.id)).not.toContain(id);
  });

  it('signs a user in whatever the letter case of the username typed', async () => {
    expect((await app.manager.post('/api/users', { username: 'Chiamaka', password: 'chi-secret-1' })).status).toBe(201);
    for (const typed of ['Chiamaka', 'chiamaka', 'CHIAMAKA', ' chiamaka ']) {
      const client = app.client();
      const signedIn = await client.post('/api/login', { username: typed, password: 'chi-secret-1' });
      expect({ typed, status: signedIn.status }).toEqual({ typed, status: 200 });
      expect(signedIn.body.username).toBe('Chiamaka');
    }
    const wrong = await app.client().post('/api/login', { username: 'CHIAMAKA', password: 'not-her-password' });
    expect(wrong.status).toBe(401);
  });

  it('refuses a permissions object too large to keep, storing nothing', async () => {
    const before = await app.snapshot();
    const huge = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`page${index}`, 'x'.repeat(20)]));
    const refused = await app.manager.post('/api/users', {
      username: 'big',
      password: 'big-secret-1',
      permissions: huge,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ message: 'Permissions are too large' });
    expect(await app.snapshot()).toEqual(before);
  });
});
