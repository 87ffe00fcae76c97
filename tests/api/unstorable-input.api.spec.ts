import { STOREFRONT_TOKEN } from './support/online-order-helpers';
import { useTestApp } from './support/use-test-app';

const NUL = 'a\u0000b';
const LONE = 'x\ud800y';

/**
 * Issue 9 points 1 and 6 through real HTTP: text PostgreSQL cannot store, impossible dates, odd path
 * segments and deep JSON are each a 400 `{ message }` that stores nothing.
 */
describe('input PostgreSQL cannot store, impossible dates and deep JSON are refused', () => {
  const app = useTestApp({ storefrontToken: STOREFRONT_TOKEN });
  let productId: string;
  let movementId: string;
  let supportId: number;

  beforeAll(async () => {
    const product = await app.manager.post('/api/products', {
      name: 'Rose Toner',
      sku: 'ROSE-01',
      category: 'Skincare Products',
      price: '1200',
      currentStock: 10,
    });
    productId = product.body.id;
    const movement = await app.manager.post('/api/transactions', {
      productId,
      type: 'in',
      quantity: 1,
      unitPrice: '700',
      reason: 'purchase',
    });
    movementId = movement.body.id;
    const support = await app.client().post('/api/customer-support', {
      fullName: 'Ada Obi',
      email: 'ada@example.com',
      complaint: 'Late parcel',
    });
    supportId = support.body.id;
  });

  const expectRefused = async (send: () => Promise<{ status: number; body: any; text: string }>, message: RegExp) => {
    const before = await app.snapshot();
    const response = await send();
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: { message: expect.stringMatching(message) },
    });
    expect(response.text).not.toMatch(/at \w+ \(|node_modules/);
    expect(await app.snapshot()).toEqual(before);
  };

  describe('a NUL or an unpaired surrogate in a text field is a 400 naming the field', () => {
    const storefront = (path: string, body: unknown) =>
      app.client().request('POST', path, body, { authorization: `Bearer ${STOREFRONT_TOKEN}` });
    const validMovement = () => ({ productId, type: 'in', quantity: 1, unitPrice: '5', reason: 'purchase' });
    const cases: Array<[string, string, () => Promise<{ status: number; body: any; text: string }>, RegExp]> = [
      [
        'product name',
        NUL,
        () => app.manager.post('/api/products', { name: NUL, sku: 'N-1', category: 'Fragrances', price: '1' }),
        /^Name contains characters that cannot be stored$/,
      ],
      [
        'product description',
        LONE,
        () =>
          app.manager.post('/api/products', {
            name: 'N',
            sku: 'N-2',
            category: 'Fragrances',
            price: '1',
            description: LONE,
          }),
        /^Description contains/,
      ],
      [
        'movement notes',
        NUL,
        () => app.manager.post('/api/transactions', { ...validMovement(), notes: NUL }),
        /^Notes contains characters that cannot be stored$/,
      ],
      [
        'movement seller name',
        LONE,
        () => app.manager.post('/api/transactions', { ...validMovement(), sellerName: LONE }),
        /^Seller name contains/,
      ],
      [
        'sale notes',
        NUL,
        () =>
          app.manager.post('/api/sales', {
            saleId: 'CASH-NUL',
            items: [{ productId, quantity: 1 }],
            paymentMethod: 'cash',
            notes: NUL,
          }),
        /^Notes contains/,
      ],
      [
        'sale id',
        LONE,
        () =>
          app.manager.post('/api/sales', { saleId: LONE, items: [{ productId, quantity: 1 }], paymentMethod: 'cash' }),
        /^Sale id contains/,
      ],
      [
        'support form complaint (no sign-in)',
        NUL,
        () => app.client().post('/api/customer-support', { fullName: 'A', email: 'a@b.co', complaint: NUL }),
        /^Complaint contains/,
      ],
      [
        'support form name (no sign-in)',
        LONE,
        () => app.client().post('/api/customer-support', { fullName: LONE, email: 'a@b.co', complaint: 'c' }),
        /^Full name contains/,
      ],
      [
        'support reply notes',
        NUL,
        () => app.manager.post(`/api/customer-support/${supportId}/reply`, { reply: 'ok', notes: NUL }),
        /^Notes contains/,
      ],
      [
        'online order customer name (storefront)',
        NUL,
        () => storefront('/api/online-orders', { customerName: NUL, items: [{ productId, quantity: 1 }] }),
        /^Customer name contains/,
      ],
      [
        'online order notes (storefront)',
        LONE,
        () => storefront('/api/online-orders', { customerName: 'B', items: [{ productId, quantity: 1 }], notes: LONE }),
        /^Notes contains/,
      ],
      [
        'customer first name (storefront)',
        NUL,
        () => storefront('/api/customers', { email: 'c@d.co', firstName: NUL, lastName: 'L' }),
        /^First name contains/,
      ],
      [
        'contact address',
        LONE,
        () =>
          app.manager.put('/api/contact-info', {
            email: 'a@b.co',
            phone: '+2348012345678',
            whatsapp: '+2348012345678',
            address: LONE,
            password: app.managerPassword,
          }),
        /^Address contains/,
      ],
      [
        'new username',
        NUL,
        () => app.manager.post('/api/users', { username: NUL, password: 'secret-123' }),
        /^Username contains/,
      ],
      [
        'stocktake notes',
        NUL,
        () => app.manager.post('/api/stocktakes', { productId, countedQuantity: 3, notes: NUL }),
        /^Notes contains/,
      ],
      [
        'reversal notes',
        LONE,
        () => app.manager.post(`/api/transactions/${movementId}/reverse`, { notes: LONE }),
        /^Notes contains/,
      ],
      [
        'login username',
        NUL,
        () => app.client().post('/api/login', { username: NUL, password: 'x' }),
        /^Username contains/,
      ],
      [
        'a field no schema knows',
        NUL,
        () => app.manager.post('/api/transactions', { ...validMovement(), extra: { deep: [NUL] } }),
        /^extra\.deep\.0 contains/,
      ],
      [
        'an object key',
        NUL,
        () => app.manager.post('/api/transactions', { ...validMovement(), [NUL]: 1 }),
        /^A field name contains/,
      ],
      ['a query value', NUL, () => app.manager.get('/api/audit?entityId=a%00b'), /^Entity id contains/],
      ['the search box', NUL, () => app.manager.get('/api/audit?q=a%00b'), /^Search text contains/],
      ['a path segment', NUL, () => app.manager.get('/api/sales/CASH%00X'), /^The address contains/],
      ['a path segment as an id', NUL, () => app.manager.delete('/api/products/%00'), /^The address contains/],
      [
        'a path segment that is not UTF-8',
        LONE,
        () => app.manager.get('/api/sales/%ED%A0%80'),
        /^The address is not valid/,
      ],
    ];
    it.each(cases)('%s (%j) → 400', async (_name, _value, send, message) => {
      await expectRefused(send, message);
    });

    it('the web forms get the same rule from the contracts', async () => {
      const { createProductInput, submitSupportRequestInput } = await import('@shop/contracts');
      const product = createProductInput.safeParse({
        name: 'Ok',
        sku: 'S',
        category: 'Fragrances',
        price: '1',
        description: LONE,
      });
      expect(product.error?.issues[0]?.message).toBe('Description contains characters that cannot be stored');
      const support = submitSupportRequestInput.safeParse({ fullName: 'A', email: 'a@b.co', complaint: `x${NUL}` });
      expect(support.error?.issues[0]?.message).toBe('Complaint contains characters that cannot be stored');
      // A surrogate pair (an emoji) is text PostgreSQL stores.
      expect(
        submitSupportRequestInput.safeParse({ fullName: '💄 Ada', email: 'a@b.co', complaint: 'ok' }).success,
      ).toBe(true);
    });
  });

  describe('dates in query strings: impossible or out of 1970..9999 is a 400', () => {
    const datedRoutes = [
      // Last: the parameter tried at 9999-12-31 below (knownAt stops at today: report-later-changes).
      ['/api/reports/summary', ['from', 'knownAt', 'to']],
      ['/api/reports/transactions.csv', ['from', 'to']],
      ['/api/reports/inventory.csv', ['asOf']],
      ['/api/reports/staff-daily', ['from', 'to']],
      ['/api/inventory', ['asOf']],
      ['/api/audit', ['from', 'to']],
    ] as const;
    const badValues = [
      '0000-01-01',
      '%2B275760-09-13',
      '2025-02-30',
      'garbage',
      '1969-12-31',
      '10000-01-01',
      '2025-03-10T24:00:00Z',
      '2025-02-29T10:00:00Z',
      '9999-12-31T23:30:00-14:00',
      '2025-03-10T10:00:00',
    ];
    const cases = datedRoutes.flatMap(([path, params]) =>
      params.flatMap((param) => badValues.map((value) => [path, param, value] as const)),
    );

    it.each(cases)('%s?%s=%s → 400 JSON', async (path, param, value) => {
      const response = await app.manager.get(`${path}?${param}=${value}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(response.body).toEqual({ message: expect.stringContaining(param) });
    });

    it.each(datedRoutes.map(([path, params]) => [path, params[0], params[params.length - 1]!] as const))(
      '%s: %s=1970-01-01 and %s=9999-12-31, the first and last supported days → 200',
      async (path, first, last) => {
        expect((await app.manager.get(`${path}?${first}=1970-01-01`)).status).toBe(200);
        expect((await app.manager.get(`${path}?${last}=9999-12-31`)).status).toBe(200);
        expect((await app.manager.get(`${path}?${first}=2024-02-29`)).status).toBe(200);
      },
    );

    it('a CSV export with a bad parameter is a JSON 400, never a started download', async () => {
      const response = await fetch(`${app.url}/api/reports/transactions.csv?from=2025-02-30`, {
        headers: { cookie: app.manager.cookie! },
      });
      expect(response.status).toBe(400);
      expect(response.headers.get('content-disposition')).toBeNull();
      expect(await response.json()).toEqual({ message: expect.stringContaining('from') });
    });
  });

  describe('a Content-Type that is no media type is an unknown type, not a 415', () => {
    it.each([';;;', '/', 'json'])('Content-Type %p on a JSON route → 400 { message }', async (contentType) => {
      const response = await fetch(`${app.url}/api/transactions`, {
        method: 'POST',
        headers: { cookie: app.manager.cookie!, 'content-type': contentType },
        body: '{"productId":"x"}',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'Request body must be a JSON object' });
    });
  });

  describe('a body that is not UTF-8 is not JSON: refused, never stored with U+FFFD in its place', () => {
    const send = (bytes: Buffer) =>
      fetch(`${app.url}/api/products`, {
        method: 'POST',
        headers: { cookie: app.manager.cookie!, 'content-type': 'application/json' },
        body: bytes,
      });
    const product = (name: string) =>
      `{"name":"${name}","sku":"UTF-${name.length}","category":"Skincare Products","price":"10","currentStock":1}`;

    it.each([
      ['a lone continuation byte', Buffer.from([0x80])],
      ['an invalid lead byte', Buffer.from([0xff, 0xfe])],
      ['a truncated sequence', Buffer.from([0xc3])],
      ['an encoded surrogate', Buffer.from([0xed, 0xa0, 0x80])],
      ['an overlong slash', Buffer.from([0xc0, 0xaf])],
    ])('%s in a string → 400 "Request body is not valid JSON"', async (_name, bad) => {
      const [head, tail] = product('Rose X').split('X');
      const before = await app.snapshot();
      const response = await send(Buffer.concat([Buffer.from(head!), bad, Buffer.from(tail!)]));
      expect({ status: response.status, body: await response.json() }).toEqual({
        status: 400,
        body: { message: 'Request body is not valid JSON' },
      });
      expect(await app.snapshot()).toEqual(before);
    });

    it('well-formed UTF-8, with or without a byte order mark, is stored as sent', async () => {
      const name = 'Crème Ẹ̀wà 🌸';
      const plain = await send(Buffer.from(product(name)));
      const nameOf = async (response: Response) => ((await response.json()) as { name?: string }).name;
      expect({ status: plain.status, name: await nameOf(plain) }).toEqual({ status: 201, name });
      const withMark = await send(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(product(`${name}!`))]));
      expect({ status: withMark.status, name: await nameOf(withMark) }).toEqual({
        status: 201,
        name: `${name}!`,
      });
    });
  });

  describe('deeply nested JSON is refused quickly, without a stack overflow', () => {
    it.each([
      ['arrays', '['.repeat(10_000) + ']'.repeat(10_000)],
      ['objects', '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000)],
      ['a megabyte of brackets', '['.repeat(1_000_000)],
    ])('10,000 levels of %s → 400', async (_name, body) => {
      const started = Date.now();
      await expectRefused(() => app.manager.post('/api/transactions', body), /nested too deeply/);
      expect(Date.now() - started).toBeLessThan(5_000);
    });

    it('brackets inside strings do not count, and ordinary nesting passes', async () => {
      const response = await app.manager.post('/api/transactions', {
        notes: '[[[['.repeat(5000),
        extra: [[[{ a: [1] }]]],
      });
      expect(response.status).toBe(400);
      expect(response.body.message).not.toMatch(/nested/);
    });
  });
});
