import { useTestApp } from './support/use-test-app';

/** Each bad input is answered 4xx with a message naming the problem, and nothing is stored. */
describe('bad inputs are refused with a message and change nothing', () => {
  const app = useTestApp();
  let productId: string;

  beforeAll(async () => {
    const created = await app.manager.post('/api/products', {
      name: 'Kohl Pencil',
      sku: 'KOHL-01',
      category: 'Makeup Products',
      price: '800',
      currentStock: 3,
    });
    productId = created.body.id;
  });

  const validProduct = { name: 'X', sku: 'X-1', category: 'Nail Care', price: '10.00' };
  const validMovement = () => ({
    productId,
    type: 'in',
    quantity: 1,
    unitPrice: '800',
    reason: 'purchase',
    sellerName: 'm',
  });

  const cases: Array<[string, string, string, () => unknown, number, RegExp]> = [
    [
      'login without username',
      'POST',
      '/api/login',
      () => ({ username: '', password: 'x' }),
      400,
      /^Username is required$/,
    ],
    [
      'login without password',
      'POST',
      '/api/login',
      () => ({ username: 'manager', password: '' }),
      400,
      /^Password is required$/,
    ],
    [
      'login with wrong password',
      'POST',
      '/api/login',
      () => ({ username: 'manager', password: 'nope-nope' }),
      401,
      /^Invalid username or password$/,
    ],
    ['malformed JSON', 'POST', '/api/products', () => '{"name": ', 400, /not valid JSON/],
    ['JSON that is not an object', 'POST', '/api/products', () => '[1,2]', 400, /JSON object/],
    ['JSON null', 'POST', '/api/transactions', () => 'null', 400, /^Request body must be a JSON object$/],
    ['a bare JSON number', 'POST', '/api/transactions', () => ' 123', 400, /^Request body must be a JSON object$/],
    ['a bare JSON string', 'POST', '/api/products', () => '"str"', 400, /^Request body must be a JSON object$/],
    ['a bare word that is not JSON', 'POST', '/api/products', () => 'nul', 400, /^Request body is not valid JSON$/],
    ['product without name', 'POST', '/api/products', () => ({ ...validProduct, name: ' ' }), 400, /Name is required/],
    [
      'product without sku',
      'POST',
      '/api/products',
      () => ({ ...validProduct, sku: undefined }),
      400,
      /SKU is required/,
    ],
    [
      'product with unknown category',
      'POST',
      '/api/products',
      () => ({ ...validProduct, category: 'Cars' }),
      400,
      /^Category must be one of Skincare Products, .*, Gift Sets$/,
    ],
    [
      'product without category',
      'POST',
      '/api/products',
      () => ({ ...validProduct, category: undefined }),
      400,
      /^Category is required$/,
    ],
    [
      'product with negative price',
      'POST',
      '/api/products',
      () => ({ ...validProduct, price: '-1' }),
      400,
      /Price must be an amount/,
    ],
    [
      'product with 3-decimal price',
      'POST',
      '/api/products',
      () => ({ ...validProduct, price: '1.005' }),
      400,
      /Price must be an amount/,
    ],
    [
      'product with price over decimal(10,2)',
      'POST',
      '/api/products',
      () => ({ ...validProduct, price: '123456789' }),
      400,
      /Price must be an amount/,
    ],
    [
      'product with fractional stock',
      'POST',
      '/api/products',
      () => ({ ...validProduct, currentStock: 1.5 }),
      400,
      /Current stock must be a whole number/,
    ],
    [
      'product with negative minimum',
      'POST',
      '/api/products',
      () => ({ ...validProduct, minStockLevel: -2 }),
      400,
      /Minimum stock level cannot be negative/,
    ],
    [
      'product with a foreign image path',
      'POST',
      '/api/products',
      () => ({ ...validProduct, images: ['http://evil/x.png'] }),
      400,
      /Image paths/,
    ],
    [
      'product with an image path naming the uploads folder itself',
      'POST',
      '/api/products',
      () => ({ ...validProduct, images: ['/product-media/uploads/..'] }),
      400,
      /Image paths/,
    ],
    [
      'product with an image path that was never uploaded',
      'POST',
      '/api/products',
      () => ({ ...validProduct, images: ['/product-media/uploads/0f8fad5b-d9cb-469f-a165-70867728950e.png'] }),
      400,
      /^Image \/product-media\/uploads\/0f8fad5b-d9cb-469f-a165-70867728950e\.png has not been uploaded: upload the file first$/,
    ],
    [
      'product with an external image URL',
      'POST',
      '/api/products',
      () => ({ ...validProduct, images: ['https://cdn.example.com/lipstick.png'] }),
      400,
      /^images\.0: Image paths must be \/product-media\/uploads\/\{file\}$/,
    ],
    [
      'product with six images',
      'POST',
      '/api/products',
      () => ({ ...validProduct, images: Array(6).fill('/product-media/uploads/a.png') }),
      400,
      /At most 5 files/,
    ],
    [
      'movement without unit price',
      'POST',
      '/api/transactions',
      () => ({ ...validMovement(), unitPrice: '' }),
      400,
      /Unit price is required/,
    ],
    [
      'movement with quantity 0',
      'POST',
      '/api/transactions',
      () => ({ ...validMovement(), quantity: 0 }),
      400,
      /Quantity must be at least 1/,
    ],
    [
      'movement with fractional quantity',
      'POST',
      '/api/transactions',
      () => ({ ...validMovement(), quantity: 1.5 }),
      400,
      /whole number/,
    ],
    [
      'movement with bad type',
      'POST',
      '/api/transactions',
      () => ({ ...validMovement(), type: 'sideways' }),
      400,
      /Type must be/,
    ],
    [
      'stock in with a stock-out reason',
      'POST',
      '/api/transactions',
      () => ({ ...validMovement(), reason: 'waste' }),
      400,
      /Reason for stock in must be one of purchase, return, adjustment/,
    ],
    [
      'movement without a reason',
      'POST',
      '/api/transactions',
      () => ({ ...validMovement(), reason: undefined }),
      400,
      /^Reason is required$/,
    ],
    [
      'movement with a reason outside the lists',
      'POST',
      '/api/transactions',
      () => ({ ...validMovement(), reason: 'theft' }),
      400,
      /^Reason must be one of purchase, return, adjustment \(stock in\) or sale, waste, adjustment \(stock out\)$/,
    ],
    [
      'movement with a reason that is not text',
      'POST',
      '/api/transactions',
      () => ({ ...validMovement(), reason: 7 }),
      400,
      /^Reason must be one of purchase/,
    ],
    [
      'movement on a product id that is not a uuid',
      'POST',
      '/api/transactions',
      () => ({ ...validMovement(), productId: '42' }),
      400,
      /Product is required|productId/,
    ],
    [
      'movement with discount 101',
      'POST',
      '/api/transactions',
      () => ({ ...validMovement(), type: 'out', reason: 'sale', discountPercentage: '101' }),
      400,
      /Discount must be between 0% and 100%/,
    ],
    [
      'stock out beyond stock',
      'POST',
      '/api/transactions',
      () => ({ ...validMovement(), type: 'out', reason: 'sale', quantity: 4 }),
      409,
      /^Only 3 units available for Kohl Pencil$/,
    ],
    [
      'user without username',
      'POST',
      '/api/users',
      () => ({ password: 'secret-123' }),
      400,
      /^Please fill in all required fields$/,
    ],
    [
      'user with unknown role',
      'POST',
      '/api/users',
      () => ({ username: 'z', password: 'secret-123', role: 'owner' }),
      400,
      /Role must be/,
    ],
    [
      'user update with a non-boolean',
      'PUT',
      '/api/users/00000000-0000-4000-8000-000000000000',
      () => ({ isActive: 'yes' }),
      400,
      /isActive must be true or false/,
    ],
    [
      'user update of an unknown user',
      'PUT',
      '/api/users/00000000-0000-4000-8000-000000000000',
      () => ({ isActive: false }),
      404,
      /User not found/,
    ],
    [
      'permissions with an unknown page',
      'PUT',
      '/api/settings/page_permissions',
      () => ({ value: { assistant: { garage: true } } }),
      400,
      /./,
    ],
    [
      'permissions with a non-boolean',
      'PUT',
      '/api/settings/page_permissions',
      () => ({ value: { assistant: { sales: 'yes' } } }),
      400,
      /./,
    ],
  ];

  it.each(cases)('%s → %s %s', async (_name, method, path, body, status, message) => {
    const before = await app.snapshot();
    const response = await app.manager.request(method, path, body());
    expect(response.status).toBe(status);
    expect(response.body).toEqual(expect.objectContaining({ message: expect.stringMatching(message) }));
    expect(response.text).not.toMatch(/at \w+ \(|node_modules|\$argon2/);
    expect(await app.snapshot()).toEqual(before);
  });

  // Spec sections 5 and 8 pair these messages with a toast title; the answer carries it.
  const titled: Array<[string, string, string, () => unknown, number, string, string]> = [
    [
      'a sale at 101% discount',
      'POST',
      '/api/sales',
      () => ({ saleId: 'CASH-1-a', items: [{ productId, quantity: 1 }], discountPercentage: '101' }),
      400,
      'Discount must be between 0% and 100%',
      'Invalid discount',
    ],
    [
      'a movement at 101% discount',
      'POST',
      '/api/transactions',
      () => ({ ...validMovement(), type: 'out', reason: 'sale', discountPercentage: '101' }),
      400,
      'Discount must be between 0% and 100%',
      'Invalid discount',
    ],
    [
      'a user without username',
      'POST',
      '/api/users',
      () => ({ password: 'secret-123' }),
      400,
      'Please fill in all required fields',
      'Missing information',
    ],
    [
      'a user with a 7-character password',
      'POST',
      '/api/users',
      () => ({ username: 'shorty', password: 'secret1' }),
      400,
      'Password must be at least 8 characters long',
      'Password too weak',
    ],
    [
      'contact details with an empty address',
      'PUT',
      '/api/contact-info',
      () => ({ email: 'a@b.co', phone: '+2348012345678', whatsapp: '+2348012345678', address: ' ', password: 'x' }),
      400,
      'Please enter a valid value.',
      'Invalid Input',
    ],
    [
      'a sign-in with a wrong password',
      'POST',
      '/api/login',
      () => ({ username: 'manager', password: 'nope-nope' }),
      401,
      'Invalid username or password',
      'Login Failed',
    ],
    [
      'a stock out beyond stock',
      'POST',
      '/api/transactions',
      () => ({ ...validMovement(), type: 'out', reason: 'sale', quantity: 4 }),
      409,
      'Only 3 units available for Kohl Pencil',
      'Insufficient stock',
    ],
  ];

  it.each(titled)('%s → %s %s answers the spec title', async (_name, method, path, body, status, message, title) => {
    const response = await app.manager.request(method, path, body());
    expect({ status: response.status, body: response.body }).toEqual({ status, body: { message, title } });
  });

  it('answers no title where the spec names none', async () => {
    const response = await app.manager.put('/api/users/00000000-0000-4000-8000-000000000000', { isActive: false });
    expect(response.body).toEqual({ message: 'User not found' });
  });
});
