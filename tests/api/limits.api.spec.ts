import { LIMITS, MAX_AMOUNT } from '@shop/contracts';
import { useTestApp } from './support/use-test-app';

/**
 * Issue 9 point 2: a value the read models cannot store is refused where it is decided, so it never
 * reaches a projection. Each refusal answers 400/409 with a message and appends no event.
 */
describe('limits: what the read models cannot store is refused, nothing is stored', () => {
  const app = useTestApp();
  let serumId: string;
  let pricyId: string;

  beforeAll(async () => {
    const serum = await app.manager.post('/api/products', {
      name: 'Vitamin C Serum',
      sku: 'VITC-01',
      category: 'Skincare Products',
      price: '99999.99',
      currentStock: 10,
    });
    expect(serum.status).toBe(201);
    serumId = serum.body.id;
    const pricy = await app.manager.post('/api/products', {
      name: 'Gold Mask',
      sku: 'GOLD-01',
      category: 'Skincare Products',
      price: '60000000.00',
      currentStock: 2,
    });
    expect(pricy.status).toBe(201);
    pricyId = pricy.body.id;
  }, 300_000);

  const refused = async (path: string, body: unknown, status: number, message: string) => {
    const before = await app.snapshot();
    const response = await app.manager.post(path, body);
    expect({ status: response.status, body: response.body }).toEqual({
      status,
      body: expect.objectContaining({ message }),
    });
    expect(await app.snapshot()).toEqual(before);
  };

  it('refuses a stock in of 1,001 units at 99,999.99 (its total does not fit) with 400, and records nothing', async () => {
    await refused(
      '/api/transactions',
      { productId: serumId, type: 'in', quantity: 1001, unitPrice: '99999.99', reason: 'purchase' },
      400,
      'Total must be at most 99999999.99: 1001 × 99999.99 is 100099989.99',
    );
    // The read models stay in service: the largest total that fits is recorded and visible.
    const fits = await app.manager.post('/api/transactions', {
      productId: serumId,
      type: 'in',
      quantity: 1000,
      unitPrice: '99999.99',
      reason: 'purchase',
    });
    expect(fits.status).toBe(201);
    expect(fits.body).toMatchObject({ quantity: 1000, totalValue: '99999990.00' });
    const listed = await app.manager.get('/api/transactions');
    expect(listed.body.some((row: { id: string }) => row.id === fits.body.id)).toBe(true);
  });

  it('refuses a quantity past the largest per line, and a sale whose total does not fit', async () => {
    await refused(
      '/api/transactions',
      { productId: serumId, type: 'in', quantity: LIMITS.maxLineQuantity + 1, unitPrice: '0.01', reason: 'purchase' },
      400,
      'Quantity must be at most 1000000',
    );
    await refused(
      '/api/sales',
      { saleId: 'CASH-LIMITS-1', items: [{ productId: pricyId, quantity: 2 }], paymentMethod: 'cash' },
      400,
      'The sale total must be at most 99999999.99: this sale comes to 120000000.00',
    );
    await refused(
      '/api/sales',
      {
        saleId: 'CASH-LIMITS-2',
        items: [
          { productId: pricyId, quantity: 1 },
          { productId: serumId, quantity: 401 },
        ],
        paymentMethod: 'cash',
      },
      400,
      'The sale total must be at most 99999999.99: this sale comes to 100099995.99',
    );
  });

  it('refuses a count past the largest stock level, and a receipt that would pass it with 409', async () => {
    await refused(
      '/api/stocktakes',
      { productId: serumId, countedQuantity: LIMITS.maxStockLevel + 1, notes: 'recount' },
      400,
      'countedQuantity: Counted quantity must be at most 1000000000',
    );
    const cheap = await app.manager.post('/api/products', {
      name: 'Cotton Pads',
      sku: 'PADS-01',
      category: 'Skincare Products',
      price: '0.00',
      currentStock: LIMITS.maxStockLevel,
    });
    expect(cheap.status).toBe(201);
    await refused(
      '/api/transactions',
      { productId: cheap.body.id, type: 'in', quantity: 1, unitPrice: '0.00', reason: 'purchase' },
      409,
      'Stock of Cotton Pads must be at most 1000000000 units: 1000000000 in stock, 1 more would make 1000000001',
    );
  });

  it('answers stock as of, the range report and the inventory CSV for a product at the largest price and stock', async () => {
    // Both within the limits, so the domain accepts them; price × stock (10^17) is past a decimal(16,2).
    const vault = await app.manager.post('/api/products', {
      name: 'Vault Gift Set',
      sku: 'VAULT-01',
      category: 'Gift Sets',
      price: MAX_AMOUNT,
      currentStock: LIMITS.maxStockLevel,
    });
    expect(vault.status).toBe(201);
    const value = '99999999990000000.00';

    for (const path of ['/api/inventory', '/api/inventory?asOf=9999-12-31']) {
      const inventory = await app.manager.get(path);
      expect(inventory.status).toBe(200);
      expect(inventory.body.find((item: { id: string }) => item.id === vault.body.id)).toMatchObject({
        currentStock: LIMITS.maxStockLevel,
        stockValue: value,
      });
    }
    const report = await app.manager.get('/api/reports/summary');
    expect(report.status).toBe(200);
    expect(report.body.stock.byCategory).toContainEqual(
      expect.objectContaining({ category: 'Gift Sets', units: LIMITS.maxStockLevel, stockValue: value }),
    );
    const csv = await app.manager.get('/api/reports/inventory.csv');
    expect(csv.status).toBe(200);
    expect(csv.text).toContain(
      `Vault Gift Set,VAULT-01,Gift Sets,${MAX_AMOUNT},${LIMITS.maxStockLevel},0,${value},In Stock`,
    );
  });

  describe('text limits count characters (code points), not UTF-16 units', () => {
    // 💄 is one character and two UTF-16 units: 255 of them are a 255-character name.
    const lipsticks = (count: number) => '💄'.repeat(count);

    it('takes a product name of 255 emoji and refuses 256', async () => {
      const taken = await app.manager.post('/api/products', {
        name: lipsticks(255),
        sku: '𝒢𝓁𝑜𝓌-'.repeat(20),
        category: 'Makeup Products',
        price: '10',
      });
      expect(taken.status).toBe(201);
      expect(taken.body.name).toBe(lipsticks(255));
      await refused(
        '/api/products',
        { name: lipsticks(256), sku: 'LIP-256', category: 'Makeup Products', price: '10' },
        400,
        'Name is too long',
      );
    });

    it('takes a support request whose name and subject are 255 astral characters', async () => {
      const body = { fullName: '𠀀'.repeat(255), email: 'ada@example.com', subject: '🌸'.repeat(255), complaint: 'x' };
      const taken = await app.client().post('/api/customer-support', body);
      expect(taken.status).toBe(201);
      expect(taken.body).toMatchObject({ fullName: body.fullName, subject: body.subject });
      const before = await app.snapshot();
      const tooLong = await app.client().post('/api/customer-support', { ...body, fullName: '𠀀'.repeat(256) });
      expect(tooLong).toMatchObject({
        status: 400,
        body: { message: 'fullName: Full name must be at most 255 characters' },
      });
      expect(await app.snapshot()).toEqual(before);
    });

    it('counts a password of 4 emoji as 4 characters: too short for a new user', async () => {
      await refused(
        '/api/users',
        { username: 'emoji-pass', password: lipsticks(4) },
        400,
        'Password must be at least 8 characters long',
      );
      const taken = await app.manager.post('/api/users', { username: 'emoji-pass', password: lipsticks(8) });
      expect(taken.status).toBe(201);
    });

    it('counts a new password of 4 emoji (8 UTF-16 units) as too short on a password change', async () => {
      const users = await app.manager.get('/api/users');
      const self = users.body.find((user: { username: string }) => user.username === 'manager');
      const before = await app.snapshot();
      const change = await app.manager.put(`/api/users/${self.id}/change-password`, {
        currentPassword: app.managerPassword,
        newPassword: lipsticks(4),
      });
      expect({ status: change.status, body: change.body }).toEqual({
        status: 400,
        body: { message: 'Password must be at least 8 characters long', title: 'Password too weak' },
      });
      expect(await app.snapshot()).toEqual(before);
    });
  });
});
