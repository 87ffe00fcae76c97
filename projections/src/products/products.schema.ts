import { SQL_TYPES } from '@shop/contracts';
import { addMissingColumns } from '@shop/infrastructure';

/**
 * The price and the margin (price less the cost in force, or nothing without one) in whole kobo,
 * computed by the database from the projection's own columns: the dashboard sums them times the
 * stock as integers, which PostgreSQL does several times faster than numeric (docs/benchmarks.md).
 * Both stay within ±10^10 (amounts are at most 99,999,999.99).
 */
const KOBO_COLUMNS = [
  'price_kobo bigint generated always as ((price * 100)::bigint) stored',
  'margin_kobo bigint generated always as (((price - coalesce(cost_price, price)) * 100)::bigint) stored',
];

/** DDL of the catalogue read model. created_commit/prepare order products created at the same instant. */
export const productsSchema: readonly string[] = [
  `create table if not exists products (
    id uuid primary key,
    name text not null,
    sku text not null,
    category text not null,
    price ${SQL_TYPES.amount} not null,
    cost_price ${SQL_TYPES.amount},
    current_stock ${SQL_TYPES.quantity} not null default 0,
    min_stock_level ${SQL_TYPES.quantity} not null default 0,
    description text,
    images jsonb not null default '[]'::jsonb,
    created_at timestamptz not null,
    deleted_at timestamptz,
    created_commit numeric(20,0) not null,
    created_prepare numeric(20,0) not null,
    ${KOBO_COLUMNS.join(',\n    ')}
  )`,
  // Products projected before the kobo columns: the database computes them for every row once.
  addMissingColumns('products', KOBO_COLUMNS),
  `create index if not exists products_live_newest_idx
    on products (created_at desc, created_commit desc, created_prepare desc) where deleted_at is null`,
  // Not unique: SKU uniqueness is the SKU registry stream's rule; a read model must never reject an event.
  `create index if not exists products_sku_idx on products (sku)`,
  // The dashboard's low-stock list in its order, from the few products at or below their minimum:
  // no pass over the whole catalogue for a list that is mostly empty (docs/benchmarks.md).
  `create index if not exists products_low_stock_idx on products (current_stock, name, id)
    where deleted_at is null and current_stock <= min_stock_level`,
];
