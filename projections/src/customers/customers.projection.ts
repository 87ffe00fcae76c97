import { defineProjection } from '../shared/projection';
import { jsonParam } from '../shared/sql-values';
import type { ProjectionSql } from '../shared/projection-sql';

/** One row per registered customer; a registration is final, so insert-or-ignore is idempotent. */
export const customersProjection = defineProjection({
  name: 'customers',
  handles: ['CustomerRegistered'] as const,
  tables: ['customers'],
  async project(events, sql) {
    const rows = events.map(({ data, metadata }) => ({
      id: data.customerId,
      email: data.email,
      password_hash: data.passwordHash,
      first_name: data.firstName,
      last_name: data.lastName,
      phone: data.phone,
      address: data.address,
      city: data.city,
      postal_code: data.postalCode,
      country: data.country,
      is_active: data.isActive,
      email_verified: data.emailVerified,
      created_at: metadata.at,
    }));
    if (rows.length > 0) insertCustomers(sql, rows);
  },
});

function insertCustomers(sql: ProjectionSql, rows: readonly object[]) {
  sql.write(
    `insert into customers (id, email, password_hash, first_name, last_name, phone, address, city,
       postal_code, country, is_active, email_verified, created_at)
     select * from jsonb_to_recordset(?::jsonb) as r(id uuid, email text, password_hash text,
       first_name text, last_name text, phone text, address text, city text, postal_code text,
       country text, is_active boolean, email_verified boolean, created_at timestamptz)
     on conflict (id) do nothing`,
    [jsonParam(rows)],
  );
}
