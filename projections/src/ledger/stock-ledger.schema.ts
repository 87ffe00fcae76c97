import { SQL_TYPES } from '@shop/contracts';

/**
 * DDL of the stock ledger: one row per product event in stream order, with the balance after it and
 * the price and cost in force, so "stock as of T" is one index probe per product. Never updated:
 * a reversal is a row of its own that points back (reverses), and readers join the two.
 */
export const stockLedgerSchema: readonly string[] = [
  `create table if not exists ledger_products (
    product_id uuid primary key,
    name text not null,
    sku text not null,
    category text not null,
    price ${SQL_TYPES.amount} not null,
    cost_price ${SQL_TYPES.amount},
    min_stock_level ${SQL_TYPES.quantity} not null default 0,
    description text,
    images jsonb not null default '[]'::jsonb,
    created_at timestamptz not null,
    deleted_at timestamptz,
    balance ${SQL_TYPES.quantity} not null,
    entries integer not null,
    last_at timestamptz not null,
    created_commit numeric(20,0) not null,
    created_prepare numeric(20,0) not null
  )`,
  `create table if not exists stock_ledger (
    product_id uuid not null,
    entry_no integer not null,
    event_id uuid not null,
    event_type text not null,
    movement_id uuid,
    direction text check (direction in ('in', 'out')),
    quantity ${SQL_TYPES.quantity} not null,
    change ${SQL_TYPES.quantity} not null,
    balance_after ${SQL_TYPES.quantity} not null,
    reason text,
    unit_price ${SQL_TYPES.amount},
    cost_price ${SQL_TYPES.amount},
    cost_in_force ${SQL_TYPES.amount},
    price_in_force ${SQL_TYPES.amount} not null,
    total_value ${SQL_TYPES.amount},
    original_total ${SQL_TYPES.amount},
    discount_percentage ${SQL_TYPES.percent},
    discount_amount ${SQL_TYPES.amount},
    sale_id text,
    seller_name text,
    notes text,
    actor_id text,
    actor_name text not null,
    at timestamptz not null,
    ledger_at timestamptz not null,
    reverses uuid,
    stocktake_id uuid,
    expected_quantity ${SQL_TYPES.quantity},
    counted_quantity ${SQL_TYPES.quantity},
    product_name text not null,
    product_sku text not null,
    position_commit numeric(20,0) not null,
    position_prepare numeric(20,0) not null,
    primary key (product_id, entry_no)
  )`,
  // As-of lookups: the newest entry of a product at or before T, answered from the index alone.
  `create index if not exists stock_ledger_as_of_idx on stock_ledger (product_id, ledger_at, entry_no)
    include (balance_after, price_in_force, cost_in_force)`,
  `create index if not exists stock_ledger_movement_idx on stock_ledger (movement_id) where movement_id is not null`,
  `create index if not exists stock_ledger_reverses_idx on stock_ledger (reverses) where reverses is not null`,
  // The Transactions page: a sale's lines, newest first (is this line its group's newest? all its lines).
  `create index if not exists stock_ledger_sale_idx
    on stock_ledger (sale_id, at, position_commit, position_prepare) where sale_id is not null`,
  // Movement listings (CSV, range summaries), newest first.
  `create index if not exists stock_ledger_movements_at_idx
    on stock_ledger (at, position_commit, position_prepare) where movement_id is not null`,
  /*
   * Sale lines and reversals of sale lines, signed, each dated twice: effective_at (when the sale
   * happened; a reversal takes its original's date) and recorded_at (when the event was written),
   * so a range report can be corrected afterwards and still be reproduced "as known at" any time.
   */
  `create table if not exists ledger_sales (
    event_id uuid primary key,
    movement_id uuid not null,
    product_id uuid not null,
    category text not null,
    staff text not null,
    sign smallint not null,
    effective_at timestamptz not null,
    recorded_at timestamptz not null,
    quantity ${SQL_TYPES.quantity} not null,
    total_value ${SQL_TYPES.amount} not null,
    original_total ${SQL_TYPES.amount} not null,
    discount_amount ${SQL_TYPES.amount} not null,
    -- (price − cost) × quantity: the cost side is not bounded by the line total, so sum-wide.
    profit ${SQL_TYPES.rollupAmount} not null
  )`,
  `create index if not exists ledger_sales_effective_idx on ledger_sales (effective_at)`,
  `create index if not exists ledger_sales_recorded_idx on ledger_sales (recorded_at)`,
  // Per Africa/Lagos day sums of the two tables above: a range report reads whole days from these
  // and only its partial first and last day (and the day of knownAt) from the lines.
  `create table if not exists ledger_sales_daily (
    effective_day date not null,
    recorded_day date not null,
    category text not null,
    staff text not null,
    total_value ${SQL_TYPES.rollupAmount} not null,
    original_total ${SQL_TYPES.rollupAmount} not null,
    discount_amount ${SQL_TYPES.rollupAmount} not null,
    profit ${SQL_TYPES.rollupAmount} not null,
    quantity ${SQL_TYPES.rollupQuantity} not null,
    sale_lines integer not null,
    reversed_lines integer not null,
    primary key (effective_day, recorded_day, category, staff)
  )`,
  `create table if not exists ledger_movements_daily (
    day date not null,
    direction text not null,
    reason text not null,
    count integer not null,
    units ${SQL_TYPES.rollupQuantity} not null,
    value ${SQL_TYPES.rollupAmount} not null,
    primary key (day, direction, reason)
  )`,
];
