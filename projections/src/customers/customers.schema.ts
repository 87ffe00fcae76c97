/** Customer accounts (spec section 3). The password hash stays here; no query returns it. */
export const customersSchema: readonly string[] = [
  `create table if not exists customers (
    id uuid primary key,
    email text not null,
    password_hash text,
    first_name text not null,
    last_name text not null,
    phone text,
    address text,
    city text,
    postal_code text,
    country text,
    is_active boolean not null default true,
    email_verified boolean not null default false,
    last_login_at timestamptz,
    created_at timestamptz not null
  )`,
  // Not unique: the email registry stream owns uniqueness; a read model must never reject an event.
  `create index if not exists customers_email_idx on customers (lower(email))`,
];
