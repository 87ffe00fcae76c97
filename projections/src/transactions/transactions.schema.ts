import { SQL_TYPES } from '@shop/contracts';

/**
 * DDL of the movement history. product_name/product_sku are copied when the movement is projected,
 * from transaction_products (this projection's own copy of names), so the history reads from one
 * table, survives product deletion, and does not depend on the products projection's progress.
 */
export const transactionsSchema: readonly string[] = [
  `create table if not exists transactions (
    id uuid primary key,
    sale_id text,
    product_id uuid not null,
    product_name text,
    product_sku text,
    type text not null check (type in ('in', 'out')),
    quantity ${SQL_TYPES.quantity} not null,
    unit_price ${SQL_TYPES.amount},
    cost_price ${SQL_TYPES.amount},
    total_value ${SQL_TYPES.amount} not null,
    reason text not null,
    seller_name text not null,
    discount_percentage ${SQL_TYPES.percent} not null default 0,
    discount_amount ${SQL_TYPES.amount} not null default 0,
    original_total ${SQL_TYPES.amount},
    notes text,
    created_at timestamptz not null,
    position_commit numeric(20,0) not null,
    position_prepare numeric(20,0) not null
  )`,
  `create index if not exists transactions_newest_idx
    on transactions (created_at desc, position_commit desc, position_prepare desc)`,
  `create index if not exists transactions_product_idx on transactions (product_id)`,
  `create index if not exists transactions_sale_idx on transactions (sale_id) where sale_id is not null`,
  `create table if not exists transaction_products (
    product_id uuid primary key,
    name text not null,
    sku text not null
  )`,
];
