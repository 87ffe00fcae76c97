import type { Knex } from 'knex';
import type { Customer } from '@shop/contracts';
import { isUuid, toInt, toIsoString, toNullableIsoString } from '../shared/sql-values';

interface CustomerRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  address: string | null;
  city: string | null;
  postal_code: string | null;
  country: string | null;
  is_active: boolean;
  email_verified: boolean;
  last_login_at: Date | string | null;
  created_at: Date | string;
}

// password_hash is deliberately not selected: it never leaves the read model.
const CUSTOMER_COLUMNS = [
  'id',
  'email',
  'first_name',
  'last_name',
  'phone',
  'address',
  'city',
  'postal_code',
  'country',
  'is_active',
  'email_verified',
  'last_login_at',
  'created_at',
] as const;

export async function getCustomer(knex: Knex, customerId: string): Promise<Customer | null> {
  if (!isUuid(customerId)) return null;
  const row: CustomerRow | undefined = await knex('customers')
    .select(CUSTOMER_COLUMNS)
    .where({ id: customerId })
    .first();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    phone: row.phone,
    address: row.address,
    city: row.city,
    postalCode: row.postal_code,
    country: row.country,
    isActive: row.is_active,
    emailVerified: row.email_verified,
    lastLoginAt: toNullableIsoString(row.last_login_at),
    createdAt: toIsoString(row.created_at),
  };
}

/** Dashboard totalCustomers. */
export async function countCustomers(knex: Knex): Promise<number> {
  return toInt((await knex('customers').count({ n: '*' }))[0]?.n);
}
