import { auditResponse } from '@shop/contracts';
import { useTestApp } from './support/use-test-app';

describe('audit trail: who did what, when, across the shop', () => {
  const app = useTestApp();

  it('records users, permissions, contact details and products, never a password hash', async () => {
    const start = new Date().toISOString();
    const { body: clerk } = await app.manager.post('/api/users', { username: 'clerk', password: 'clerk-secret-1' });
    await app.manager.put('/api/settings/page_permissions', { value: { assistant: { inventory: true } } });
    const assistant = await app.signIn('clerk', 'clerk-secret-1');
    await app.manager.put(`/api/users/${clerk.id}/change-password`, {
      currentPassword: 'clerk-secret-1',
      newPassword: 'clerk-secret-2',
    });
    await app.manager.put(`/api/users/${clerk.id}`, { isActive: false });
    const contact = await app.manager.put('/api/contact-info', {
      email: 'shop@example.com',
      phone: '+2348000000000',
      whatsapp: '+2348000000000',
      address: '1 Marina, Lagos',
      password: app.managerPassword,
    });
    const { body: product } = await app.manager.post('/api/products', {
      name: 'Audit Balm',
      sku: 'AUD-1',
      category: 'Body Care',
      price: '900.00',
      currentStock: 2,
    });
    await app.manager.delete(`/api/products/${product.id}`);

    expect((await assistant.get('/api/audit')).status).toBe(401); // deactivated: the session is gone
    const everything = await app.manager.get(`/api/audit?from=${encodeURIComponent(start)}&limit=1000`);
    expect(everything.status).toBe(200);
    const page = auditResponse.parse(everything.body);
    // Password hashes never leave the server, not even in the details.
    expect(everything.text).not.toMatch(/passwordHash|\$argon2/);

    const users = (await app.manager.get(`/api/audit?entity=user&entityId=${clerk.id}`)).body.entries;
    expect(users.map((entry: { event: string }) => entry.event).reverse()).toEqual(
      expect.arrayContaining(['UserCreated', 'UserSignedIn', 'UserPasswordChanged', 'UserActivationChanged']),
    );
    const created = users.find((entry: { event: string }) => entry.event === 'UserCreated');
    expect(created).toMatchObject({
      by: 'manager',
      summary: 'Created assistant clerk',
      details: { username: 'clerk', role: 'assistant' },
    });
    expect(users.find((entry: { event: string }) => entry.event === 'UserActivationChanged').summary).toBe(
      'Deactivated clerk',
    );
    expect(users.find((entry: { event: string }) => entry.event === 'UserPasswordChanged')).toMatchObject({
      summary: 'Changed the password of clerk',
      details: { userId: clerk.id },
    });

    const settings = page.entries.filter((entry) => entry.entity === 'setting');
    expect(settings[0]).toMatchObject({
      entityId: 'page_permissions',
      by: 'manager',
      details: { value: { assistant: { inventory: true } } },
    });
    expect(contact.status).toBe(200);
    expect(page.entries.find((entry) => entry.entity === 'contact')).toMatchObject({
      summary: 'Changed the contact details',
      by: 'manager',
      details: { email: 'shop@example.com', address: '1 Marina, Lagos' },
    });
    const productTrail = (await app.manager.get(`/api/audit?entity=product&entityId=${product.id}`)).body.entries;
    expect(productTrail.map((entry: { summary: string }) => entry.summary)).toEqual([
      'Deleted product Audit Balm (AUD-1)',
      'Created product Audit Balm (AUD-1) with 2 in stock',
    ]);

    // Newest first, in pages that join up.
    const first = (await app.manager.get(`/api/audit?from=${encodeURIComponent(start)}&limit=3`)).body;
    expect(first.entries).toHaveLength(3);
    const second = (
      await app.manager.get(`/api/audit?from=${encodeURIComponent(start)}&limit=3&before=${first.nextBefore}`)
    ).body;
    expect([...first.entries, ...second.entries].map((entry: { id: string }) => entry.id)).toEqual(
      page.entries.slice(0, 6).map((entry) => entry.id),
    );
    const times = page.entries.map((entry) => entry.at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('shows a cost price change before → after, and finds it by free text, entity and user', async () => {
    const { body: product } = await app.manager.post('/api/products', {
      name: 'Price Trail Serum',
      sku: 'PTS-1',
      category: 'Skincare Products',
      price: '2500.00',
      costPrice: '1000.00',
      currentStock: 4,
    });
    const stockIn = (costPrice: string) =>
      app.manager.post('/api/transactions', {
        productId: product.id,
        type: 'in',
        quantity: 2,
        reason: 'purchase',
        unitPrice: '2500.00',
        costPrice,
        sellerName: 'manager',
        notes: null,
      });
    expect((await stockIn('1000.00')).status).toBe(201); // same cost: nothing changed
    expect((await stockIn('1100.00')).status).toBe(201);

    const found = await app.manager.get(`/api/audit?q=${encodeURIComponent('price trail')}&entity=product`);
    expect(found.status).toBe(200);
    const entries = auditResponse.parse(found.body).entries;
    expect(entries).toHaveLength(3);
    expect(entries[0]).toMatchObject({
      entityId: product.id,
      changes: [{ field: 'cost price', before: '1000.00', after: '1100.00' }],
    });
    // As people read them: in naira, thousands grouped; an amount typed either way finds it.
    expect(entries[0]?.summary).toContain('cost price ₦1,000.00 → ₦1,100.00');
    expect(entries[0]?.summary).toMatch(/^Stock in: 2 × Price Trail Serum \(PTS-1\) \(Purchase\), ₦5,000\.00/);
    for (const typed of ['1100.00', '1,100.00', '1100', '₦1,100'])
      expect(
        (await app.manager.get(`/api/audit?q=${encodeURIComponent(typed)}&entity=product`)).body.entries[0]?.entityId,
      ).toBe(product.id);
    expect(entries[1]?.changes).toEqual([]);
    // LIKE wildcards typed in the box are plain characters.
    expect((await app.manager.get('/api/audit?q=%25&entity=product')).body.entries).toEqual([]);

    const { body: users } = await app.manager.get('/api/users');
    const managerId = users.find((user: { username: string }) => user.username === 'manager').id;
    const mine = (await app.manager.get(`/api/audit?byId=${managerId}&q=PTS-1`)).body.entries;
    expect(mine).toHaveLength(3);
    expect((await app.manager.get(`/api/audit?byId=${product.id}&q=PTS-1`)).body.entries).toEqual([]);
  });

  it('exports the filtered view as CSV, formula-safe', async () => {
    await app.manager.post('/api/products', {
      name: '=HYPERLINK("http://evil")',
      sku: 'CSV-AUD-1',
      category: 'Body Care',
      price: '100.00',
      currentStock: 1,
    });
    const response = await app.manager.get('/api/audit.csv?entity=product&q=CSV-AUD-1');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = response.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('When (Lagos),User,Entity,Entity ID,Event,Summary,Changes');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,manager,product,[0-9a-f-]{36},ProductCreated,/);
    expect(lines[1]).toContain('Created product =HYPERLINK');
    // An empty filtered view is the header alone.
    const none = await app.manager.get('/api/audit.csv?q=HYPERLINK&from=2020-01-01&to=2020-01-02');
    expect(
      none.text
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
    expect((await app.manager.get('/api/audit.csv?from=2025-02-01&to=2025-01-01')).status).toBe(400);
  });

  it('is for managers, and assistants a manager grants the audit page; validates its filters', async () => {
    await app.manager.post('/api/users', { username: 'reader', password: 'reader-secret-1' });
    await app.manager.put('/api/settings/page_permissions', {
      value: { assistant: { reports: true, settings: true } },
    });
    const assistant = await app.signIn('reader', 'reader-secret-1');
    expect((await assistant.get('/api/audit')).status).toBe(403);
    expect((await assistant.get('/api/audit.csv')).status).toBe(403);
    await app.manager.put('/api/settings/page_permissions', { value: { assistant: { audit: true } } });
    expect((await assistant.get('/api/audit')).status).toBe(200);
    await app.manager.put('/api/settings/page_permissions', { value: { assistant: { audit: false } } });
    expect((await app.manager.get('/api/audit?entity=planet')).status).toBe(400);
    expect((await app.manager.get('/api/audit?from=2025-02-01&to=2025-01-01')).status).toBe(400);
    expect((await app.manager.get('/api/audit?limit=0')).status).toBe(400);
    expect((await app.manager.get('/api/audit?entity=user&from=2020-01-01&to=2020-01-02')).body).toEqual({
      entries: [],
      nextBefore: null,
    });
  });
});
