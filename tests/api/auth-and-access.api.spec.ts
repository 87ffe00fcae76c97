import { useTestApp } from './support/use-test-app';

describe('sign-in, sessions and access', () => {
  const app = useTestApp();

  it('signs in with an HttpOnly SameSite cookie and answers the user without any password field', async () => {
    const client = app.client();
    const response = await client.post('/api/login', { username: 'manager', password: app.managerPassword });
    expect(response.status).toBe(200);
    expect(response.headers.get('set-cookie')).toMatch(/sid=.+HttpOnly.*SameSite=Lax/i);
    expect(response.body).toMatchObject({ username: 'manager', role: 'manager', isActive: true });
    expect(response.text).not.toMatch(/password/i);
    expect(response.body.lastLoginAt).not.toBeNull();
    expect((await client.get('/api/session')).body.username).toBe('manager');
  });

  it('creates an assistant by default, with no password in the answer or the list', async () => {
    const created = await app.manager.post('/api/users', {
      username: 'ada',
      password: 'ada-secret-1',
      permissions: {},
      isActive: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: 'ada', role: 'assistant', isActive: true, permissions: {} });
    const list = await app.manager.get('/api/users');
    expect(list.text).not.toMatch(/password|argon2/i);
    expect((await app.manager.post('/api/users', { username: 'ADA', password: 'x-secret-1' })).status).toBe(409);
  });

  it('stores a username in Unicode NFC and signs it in however the accent was typed', async () => {
    const created = await app.manager.post('/api/users', { username: 'Jose\u0301', password: 'jose-secret-1' });
    expect(created.status).toBe(201);
    expect(created.body.username).toBe('Jos\u00e9');
    for (const typed of ['Jose\u0301', 'Jos\u00e9']) {
      const signedIn = await app.client().post('/api/login', { username: typed, password: 'jose-secret-1' });
      expect([typed, signedIn.status, signedIn.body.username]).toEqual([typed, 200, 'Jos\u00e9']);
    }
    expect((await app.manager.post('/api/users', { username: 'Jos\u00e9', password: 'x-secret-1' })).status).toBe(409);
  });

  it('applies page access to an assistant and lets a manager change it', async () => {
    await app.manager.post('/api/users', { username: 'bola', password: 'bola-secret-1' });
    const assistant = await app.signIn('bola', 'bola-secret-1');
    expect((await assistant.get('/api/users')).status).toBe(403);
    expect((await assistant.get('/api/products')).status).toBe(200);
    const { body: created } = await app.manager.post('/api/products', {
      name: 'Nail Glue',
      sku: 'GLUE-1',
      category: 'Nail Care',
      price: '500',
    });
    const refused = await assistant.delete(`/api/products/${created.id}`);
    expect(refused).toMatchObject({ status: 403 });
    expect(refused.body.message).toMatch(/permission/);
    expect(
      (await assistant.put('/api/settings/page_permissions', { value: { assistant: { products: true } } })).status,
    ).toBe(403);

    const granted = await app.manager.put('/api/settings/page_permissions', {
      value: { assistant: { products: true } },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.value.assistant.products).toBe(true);
    expect((await assistant.get('/api/settings/page_permissions')).body.value).toEqual({
      assistant: { products: true },
    });
    expect((await assistant.delete(`/api/products/${created.id}`)).status).toBe(204);
    // Neither dashboard, inventory nor sales is granted now: recording stock is refused.
    const movement = await assistant.post('/api/transactions', {
      productId: created.id,
      type: 'in',
      quantity: 1,
      unitPrice: '1',
      reason: 'purchase',
    });
    expect(movement.status).toBe(403);
  });

  it('ends a deactivated user’s sessions at once and refuses their sign-in; a manager cannot be deactivated', async () => {
    const { body: user } = await app.manager.post('/api/users', { username: 'chidi', password: 'chidi-secret-1' });
    const assistant = await app.signIn('chidi', 'chidi-secret-1');
    expect((await assistant.get('/api/dashboard/metrics')).status).toBe(200);
    const updated = await app.manager.put(`/api/users/${user.id}`, { isActive: false });
    expect(updated.body.isActive).toBe(false);
    expect((await assistant.get('/api/dashboard/metrics')).status).toBe(401);
    const again = await app.client().post('/api/login', { username: 'chidi', password: 'chidi-secret-1' });
    expect(again).toMatchObject({ status: 401, body: { message: 'Invalid username or password' } });

    const managers = (await app.manager.get('/api/users')).body.filter(
      (row: { role: string }) => row.role === 'manager',
    );
    const refused = await app.manager.put(`/api/users/${managers[0].id}`, { isActive: false });
    expect(refused).toMatchObject({ status: 403, body: { message: 'A manager cannot be deactivated' } });
  });

  it('signs out', async () => {
    const client = await app.signIn('manager', app.managerPassword);
    expect((await client.post('/api/logout')).status).toBe(204);
    expect((await client.get('/api/products')).status).toBe(401);
  });
});
