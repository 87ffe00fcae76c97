import { useTestApp } from './support/use-test-app';
import { onlineOrderHelpers, STOREFRONT_TOKEN } from './support/online-order-helpers';

const amaka = {
  email: 'Amaka@Example.com',
  password: 'amaka-secret-1',
  firstName: 'Amaka',
  lastName: 'Obi',
  phone: '+2348012345678',
  address: '12 Allen Avenue',
  city: 'Ikeja',
  postalCode: '100271',
  country: 'Nigeria',
};

describe('customers: registration through the storefront intake', () => {
  const app = useTestApp({ storefrontToken: STOREFRONT_TOKEN });
  let api: ReturnType<typeof onlineOrderHelpers>;

  beforeAll(async () => {
    api = onlineOrderHelpers(app, app.manager);
  });

  it('registers a customer active and unverified, never returning the password, and counts it', async () => {
    const before = (await api.metrics()).totalCustomers;
    expect((await api.storefront('/api/customers', amaka, null)).status).toBe(401);
    expect((await api.storefront('/api/customers', amaka, 'a-wrong-token-of-length')).status).toBe(401);
    const response = await api.storefront('/api/customers', amaka);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      email: 'Amaka@Example.com',
      firstName: 'Amaka',
      lastName: 'Obi',
      phone: '+2348012345678',
      address: '12 Allen Avenue',
      city: 'Ikeja',
      postalCode: '100271',
      country: 'Nigeria',
      isActive: true,
      emailVerified: false,
      lastLoginAt: null,
      createdAt: expect.any(String),
    });
    expect(response.text).not.toMatch(/password|argon2/i);
    expect((await api.metrics()).totalCustomers).toBe(before + 1);

    // A customer needs no password; a manager session may register one too.
    const noPassword = await app.manager.post('/api/customers', {
      email: 'bayo@example.com',
      firstName: 'Bayo',
      lastName: 'Ade',
    });
    expect(noPassword).toMatchObject({ status: 201, body: { email: 'bayo@example.com', phone: null, city: null } });
    expect((await api.metrics()).totalCustomers).toBe(before + 2);
  });

  it('keeps emails unique regardless of case, recording nothing for a duplicate', async () => {
    await api.storefront('/api/customers', { ...amaka, email: 'chioma@example.com' });
    const before = await app.snapshot();
    const again = await api.storefront('/api/customers', { ...amaka, email: 'CHIOMA@example.com' });
    expect(again).toMatchObject({
      status: 409,
      body: { message: 'A customer with email CHIOMA@example.com already exists' },
    });
    expect(await app.snapshot()).toEqual(before);
  });

  it('validates the body, naming the field', async () => {
    const refused = async (body: Record<string, unknown>) => {
      const { status, body: answer } = await api.storefront('/api/customers', {
        ...amaka,
        email: 'new@example.com',
        ...body,
      });
      return { status, message: answer?.message };
    };
    expect(await refused({ email: 'nope' })).toEqual({ status: 400, message: 'Email must be a valid email address' });
    expect(await refused({ password: 'short' })).toEqual({
      status: 400,
      message: 'Password must be at least 8 characters long',
    });
    expect(await refused({ firstName: '' })).toEqual({ status: 400, message: 'firstName: First name is required' });
    expect(await refused({ lastName: undefined })).toEqual({ status: 400, message: 'lastName: Last name is required' });
  });

  it('links an order to a known customer', async () => {
    const customer = (await api.storefront('/api/customers', { ...amaka, email: 'dayo@example.com' })).body;
    const product = await api.newProduct('250', 3);
    const order = await api.placeOrder([{ productId: product.id, quantity: 1 }], {
      customerId: customer.id,
      customerName: 'Dayo',
    });
    expect(order).toMatchObject({ customerId: customer.id, customerName: 'Dayo' });
  });
});
