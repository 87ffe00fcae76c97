import { randomUUID } from 'node:crypto';
import { customerResponse, type EventData } from '@shop/contracts';
import { FakeLedger, newEvent, useReadModelDatabase, project } from '../testing/projection-test-kit';
import { customersProjection } from './customers.projection';
import { countCustomers, getCustomer } from './get-customer.query';

const registered = (email: string): EventData<'CustomerRegistered'> => ({
  customerId: randomUUID(),
  email,
  passwordHash: '$argon2id$secret-hash',
  firstName: 'Amaka',
  lastName: 'Obi',
  phone: '+2348012345678',
  address: null,
  city: 'Ikeja',
  postalCode: null,
  country: 'Nigeria',
  isActive: true,
  emailVerified: false,
});

describe('customers projection', () => {
  const db = useReadModelDatabase();

  it('keeps one row per customer, counts them, and never returns the password hash', async () => {
    const ledger = new FakeLedger();
    const amaka = registered('amaka@example.com');
    const batch = ledger.stored([
      newEvent('CustomerRegistered', amaka, '2025-03-10T08:00:00.000Z'),
      newEvent('CustomerRegistered', registered('bayo@example.com'), '2025-03-10T09:00:00.000Z'),
    ]);
    await project(db.knex, customersProjection, batch);
    expect(await countCustomers(db.knex)).toBe(2);

    const customer = await getCustomer(db.knex, amaka.customerId);
    expect(customer).toEqual({
      id: amaka.customerId,
      email: 'amaka@example.com',
      firstName: 'Amaka',
      lastName: 'Obi',
      phone: '+2348012345678',
      address: null,
      city: 'Ikeja',
      postalCode: null,
      country: 'Nigeria',
      isActive: true,
      emailVerified: false,
      lastLoginAt: null,
      createdAt: '2025-03-10T08:00:00.000Z',
    });
    customerResponse.parse(customer);
    expect(JSON.stringify(customer)).not.toContain('argon2');
    expect((await db.knex('customers').where({ id: amaka.customerId }).first()).password_hash).toBe(
      '$argon2id$secret-hash',
    );
    expect(await getCustomer(db.knex, 'nope')).toBeNull();
  });
});
