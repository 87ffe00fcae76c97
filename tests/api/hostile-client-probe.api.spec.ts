import { useTestApp } from './support/use-test-app';
import type { ApiClient } from './support/api-client';
import { onlineOrderHelpers, STOREFRONT_TOKEN } from './support/online-order-helpers';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * What a hostile client probing over HTTP found: each refusal is a 4xx JSON { message } with the
 * spec's text where the spec names one, and stores nothing.
 */
describe('a hostile client over HTTP', () => {
  const app = useTestApp({ storefrontToken: STOREFRONT_TOKEN, trustProxy: ['loopback'] });
  let productId: string;

  beforeAll(async () => {
    const created = await app.manager.post('/api/products', {
      name: 'Probe Serum',
      sku: 'PROBE-01',
      category: 'Skincare Products',
      price: '500',
      currentStock: 7,
    });
    expect(created.status).toBe(201);
    productId = created.body.id;
  });

  /** The call is refused with exactly this status and message, and the store and read models are as before. */
  const refused = async (
    call: () => Promise<{ status: number; body: any }>,
    status: number,
    message: string | RegExp,
  ) => {
    const before = await app.snapshot();
    const response = await call();
    expect({ status: response.status, body: response.body }).toEqual({
      status,
      body: expect.objectContaining({
        message: typeof message === 'string' ? message : expect.stringMatching(message),
      }),
    });
    expect(await app.snapshot()).toEqual(before);
  };

  const stockOf = async () =>
    ((await app.manager.get('/api/products')).body as { id: string; currentStock: number }[]).find(
      (row) => row.id === productId,
    )!.currentStock;

  describe('1. numbers are JSON integers or plain decimal digits, never coerced', () => {
    const notCounts: unknown[] = [null, [], false, true, '', ' ', '0x10', '0b11', '1e1', '0o7', 'Infinity', '1.5', {}];

    it.each(notCounts.map((value) => [JSON.stringify(value), value]))(
      'refuses countedQuantity %s',
      async (_, value) => {
        await refused(
          () => app.manager.post('/api/stocktakes', { productId, countedQuantity: value, notes: 'x' }),
          400,
          /^(countedQuantity: )?Counted quantity must be a whole number$/,
        );
        await refused(
          () => app.manager.post('/api/stocktakes', { lines: [{ productId, countedQuantity: value }], notes: 'x' }),
          400,
          /^(lines\.0\.countedQuantity: )?Counted quantity must be a whole number$/,
        );
        expect(await stockOf()).toBe(7);
      },
    );

    it.each(['0x10', '0b11', true, null, [], '', ' 1e1', '+1'].map((value) => [JSON.stringify(value), value]))(
      'refuses a movement quantity %s',
      async (_, value) => {
        await refused(
          () =>
            app.manager.post('/api/transactions', {
              productId,
              type: 'in',
              quantity: value,
              unitPrice: '500',
              reason: 'purchase',
            }),
          400,
          /^(quantity: )?Quantity must be a whole number$/,
        );
      },
    );

    it('still takes a JSON integer and a string of digits', async () => {
      const movement = await app.manager.post('/api/transactions', {
        productId,
        type: 'in',
        quantity: ' 2 ',
        unitPrice: '500',
        reason: 'purchase',
      });
      expect(movement.status).toBe(201);
      expect(movement.body.quantity).toBe(2);
      const counted = await app.manager.post('/api/stocktakes', { productId, countedQuantity: '7', notes: 'recount' });
      expect(counted.status).toBe(201);
      expect(counted.body.countedQuantity).toBe(7);
      expect(await stockOf()).toBe(7);
    });

    it('refuses a product whose stock is not a number, and a page size in hex', async () => {
      const product = { name: 'Hex', sku: 'HEX-1', category: 'Nail Care', price: '10.00' };
      await refused(
        () => app.manager.post('/api/products', { ...product, currentStock: true }),
        400,
        /Current stock must be a whole number$/,
      );
      await refused(
        () => app.manager.post('/api/products', { ...product, minStockLevel: '0x10' }),
        400,
        /Minimum stock level must be a whole number$/,
      );
      await refused(
        () => app.manager.get('/api/transactions/groups?limit=0x10'),
        400,
        /limit must be a whole number from 1 to 200$/,
      );
    });
  });

  describe('2. required text made only of invisible characters is empty', () => {
    it.each(['\u200b', '\u202e', '\u200b \u00a0\u2060', '\ufeff'])(
      'refuses %j where text is required',
      async (invisible) => {
        await refused(
          () => app.manager.post('/api/users', { username: invisible, password: 'abcdefgh' }),
          400,
          'Please fill in all required fields',
        );
        await refused(
          () => app.client().post('/api/login', { username: invisible, password: 'abcdefgh' }),
          400,
          'Username is required',
        );
        await refused(
          () =>
            app.manager.post('/api/products', {
              name: invisible,
              sku: 'INVIS-1',
              category: 'Nail Care',
              price: '10.00',
            }),
          400,
          'Name is required',
        );
        await refused(
          () =>
            app.client().request(
              'POST',
              '/api/online-orders',
              { customerName: invisible, items: [{ productId, quantity: 1 }] },
              {
                authorization: `Bearer ${STOREFRONT_TOKEN}`,
              },
            ),
          400,
          /^(customerName: )?Customer name is required$/,
        );
        await refused(
          () => app.manager.post('/api/stocktakes', { productId, countedQuantity: 3, notes: invisible }),
          400,
          /Notes are required/,
        );
        expect(await stockOf()).toBe(7);
      },
    );

    it('refuses a support reply made only of invisible characters', async () => {
      const submitted = await app
        .client()
        .request(
          'POST',
          '/api/customer-support',
          { fullName: 'Ngozi Eze', email: 'ngozi@example.com', complaint: 'My parcel is late' },
          { 'x-forwarded-for': '203.0.113.77' },
        );
      expect(submitted.status).toBe(201);
      await refused(
        () => app.manager.post(`/api/customer-support/${submitted.body.id}/reply`, { reply: '\u200b' }),
        400,
        'Reply is required',
      );
    });
  });

  describe('3. the spec texts reach the client exactly', () => {
    let assistantId: string;
    beforeAll(async () => {
      const created = await app.manager.post('/api/users', { username: 'spec-texts', password: 'spec-texts-1' });
      expect(created.status).toBe(201);
      assistantId = created.body.id;
    });
    const change = (body: unknown) => app.manager.put(`/api/users/${assistantId}/change-password`, body);

    it('answers the change-password texts without a field prefix', async () => {
      await refused(() => change({ newPassword: 'abcdefghij' }), 400, 'Please fill in all password fields');
      await refused(
        () => change({ currentPassword: 'spec-texts-1', newPassword: '' }),
        400,
        'Please fill in all password fields',
      );
      await refused(
        () => change({ currentPassword: 'spec-texts-1', newPassword: 'short' }),
        400,
        'Password must be at least 8 characters long',
      );
      await refused(
        () => change({ currentPassword: 'spec-texts-1', newPassword: 'abcdefghij', confirmPassword: 'abcdefghik' }),
        400,
        "Passwords don't match",
      );
      await refused(
        () => change({ currentPassword: 'spec-texts-1', newPassword: 'abcdefghij', confirmPassword: '' }),
        400,
        'Please fill in all password fields',
      );
      expect(
        (await change({ currentPassword: 'spec-texts-1', newPassword: 'abcdefghij', confirmPassword: 'abcdefghij' }))
          .status,
      ).toBe(204);
    });

    it("answers 'Please fill in all required fields' for a user without username or password", async () => {
      await refused(
        () => app.manager.post('/api/users', { password: 'abcdefgh' }),
        400,
        'Please fill in all required fields',
      );
      await refused(
        () => app.manager.post('/api/users', { username: 'no-password' }),
        400,
        'Please fill in all required fields',
      );
      await refused(
        () => app.manager.post('/api/users', { username: ' ', password: '' }),
        400,
        'Please fill in all required fields',
      );
      await refused(
        () => app.manager.post('/api/users', { username: 'shorty', password: 'abc' }),
        400,
        'Password must be at least 8 characters long',
      );
    });

    it('answers the unit price and discount texts without a field prefix', async () => {
      const movement = { productId, type: 'out', quantity: 1, reason: 'sale' };
      await refused(
        () => app.manager.post('/api/transactions', { ...movement, unitPrice: '' }),
        400,
        'Unit price is required',
      );
      await refused(() => app.manager.post('/api/transactions', movement), 400, 'Unit price is required');
      await refused(
        () => app.manager.post('/api/transactions', { ...movement, unitPrice: '500', discountPercentage: '101' }),
        400,
        'Discount must be between 0% and 100%',
      );
      const sale = (discountPercentage: unknown) => ({
        saleId: `probe-${Math.random()}`,
        items: [{ productId, quantity: 1 }],
        paymentMethod: 'cash',
        discountPercentage,
      });
      for (const discount of [true, null, '101', -1, [], 'abc'])
        await refused(
          () => app.manager.post('/api/sales', sale(discount)),
          400,
          'Discount must be between 0% and 100%',
        );
      await refused(() => app.client().post('/api/login', { username: 'manager' }), 400, 'Password is required');
    });
  });

  describe('4. a manager is never inactive', () => {
    it('refuses to create an inactive manager, and answers activation of an active manager without the deactivation text', async () => {
      await refused(
        () =>
          app.manager.post('/api/users', { username: 'pw5', password: 'abcdefgh', role: 'manager', isActive: false }),
        400,
        'A manager cannot be deactivated',
      );
      const created = await app.manager.post('/api/users', {
        username: 'pw6',
        password: 'abcdefgh',
        role: 'manager',
        isActive: true,
      });
      expect(created.status).toBe(201);
      const activated = await app.manager.put(`/api/users/${created.body.id}`, { isActive: true });
      expect(activated.status).toBe(200);
      expect(activated.body).toMatchObject({ id: created.body.id, role: 'manager', isActive: true });
      await refused(
        () => app.manager.put(`/api/users/${created.body.id}`, { isActive: false }),
        403,
        'A manager cannot be deactivated',
      );
    });
  });

  describe('5. a stock movement cannot join an online order', () => {
    it("refuses an online order's number as a saleId with 409", async () => {
      const orders = onlineOrderHelpers(app, app.manager);
      const order = await orders.placeOrder([{ productId, quantity: 1 }]);
      for (const type of ['in', 'out'] as const) {
        await refused(
          () =>
            app.manager.post('/api/transactions', {
              productId,
              type,
              quantity: 1,
              unitPrice: '500',
              reason: type === 'in' ? 'purchase' : 'sale',
              saleId: order.orderNumber,
            }),
          409,
          `Sale ${order.orderNumber} is an online order: a stock movement cannot add lines to its receipt`,
        );
      }
    });

    it("refuses an online order's number as a till sale's id with 409, before and after the order is served", async () => {
      const orders = onlineOrderHelpers(app, app.manager);
      const order = await orders.placeOrder([{ productId, quantity: 1 }]);
      const sale = () =>
        app.manager.post('/api/sales', {
          saleId: order.orderNumber,
          items: [{ productId, quantity: 1 }],
          paymentMethod: 'cash',
        });
      const message = `Sale id ${order.orderNumber} is an online order's number: a till sale cannot use it`;
      await refused(sale, 409, message);
      expect((await orders.setStatus(order.id, 'served')).status).toBe(200);
      await refused(sale, 409, message);
      expect((await app.manager.get(`/api/sales/${order.orderNumber}`)).status).toBe(404);
    });
  });

  describe('6. a malformed %-escape in the address', () => {
    it.each([
      ['GET', '/api/sales/%ZZ'],
      ['DELETE', '/api/products/%ZZ'],
      ['GET', '/api/sales/%E0%A4%A'],
      ['GET', '/api/products/%'],
      ['PUT', '/api/users/%E0%A4%A'],
      ['GET', '/api/nowhere/%ZZ'],
      ['GET', '/api/sales/%ED%A0%80'],
    ])('%s %s answers 400', async (method, path) => {
      await refused(
        () => app.manager.request(method, path),
        400,
        'The address is not valid: it has a malformed %-escape',
      );
    });
  });

  describe("7. upload tickets die with their owner's account", () => {
    let uploader: ApiClient;
    let uploaderId: string;
    beforeAll(async () => {
      const granted = await app.manager.put('/api/settings/page_permissions', {
        value: { assistant: { products: true } },
      });
      expect(granted.status).toBe(200);
      const created = await app.manager.post('/api/users', { username: 'uploader', password: 'uploader-1' });
      uploaderId = created.body.id;
      uploader = await app.signIn('uploader', 'uploader-1');
    });
    const put = (url: string) => fetch(url, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } });
    const ticket = async () => {
      const issued = await uploader.post('/api/product-media/upload', { contentType: 'image/png' });
      expect(issued.status).toBe(201);
      return issued.body.uploadURL as string;
    };

    it('refuses a ticket once its owner is deactivated, and again after reactivation it is still refused only if deleted', async () => {
      const url = await ticket();
      expect((await app.manager.put(`/api/users/${uploaderId}`, { isActive: false })).status).toBe(200);
      const response = await put(url);
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        message: 'This upload link is no longer valid: its user is inactive or deleted',
      });
      expect((await app.manager.put(`/api/users/${uploaderId}`, { isActive: true })).status).toBe(200);
      uploader = await app.signIn('uploader', 'uploader-1');
      const next = await ticket();
      expect((await app.manager.delete(`/api/users/${uploaderId}`)).status).toBe(204);
      const afterDelete = await put(next);
      expect(afterDelete.status).toBe(403);
      expect(await afterDelete.json()).toEqual({
        message: 'This upload link is no longer valid: its user is inactive or deleted',
      });
    });
  });
});
