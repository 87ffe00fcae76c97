import { SQL_TYPES } from '@shop/contracts';

/**
 * Online orders (spec section 3). created_commit/prepare keep "oldest first" exact for orders placed
 * in the same millisecond; served_at is the last move to served (null unless the order is served).
 */
export const onlineOrdersSchema: readonly string[] = [
  `create table if not exists online_orders (
    id uuid primary key,
    order_number text not null,
    customer_id uuid,
    customer_name text not null,
    customer_email text,
    customer_phone text,
    customer_address text,
    customer_city text,
    customer_postal_code text,
    customer_country text,
    items jsonb not null,
    total_amount ${SQL_TYPES.amount} not null,
    status text not null default 'pending',
    payment_status text not null default 'pending',
    payment_reference text,
    payment_method text,
    notes text,
    order_date timestamptz not null,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    served_at timestamptz,
    created_commit numeric(20,0) not null,
    created_prepare numeric(20,0) not null
  )`,
  `create index if not exists online_orders_oldest_idx on online_orders (created_at, created_commit, created_prepare)`,
  // The dashboard counts pending orders and today's served ones.
  `create index if not exists online_orders_status_idx on online_orders (status, served_at)`,
  // Not unique: the order-number registry stream owns uniqueness; a read model must never reject an event.
  `create index if not exists online_orders_number_idx on online_orders (order_number)`,
];
