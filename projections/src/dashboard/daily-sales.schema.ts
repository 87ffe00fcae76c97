import { SQL_TYPES } from '@shop/contracts';

/** One row per Africa/Lagos business day. Sums use the rollup widths of SQL_TYPES: a day adds many lines. */
export const dailySalesSchema: readonly string[] = [
  `create table if not exists daily_sales (
    business_day date primary key,
    sales_total ${SQL_TYPES.rollupAmount} not null default 0,
    profit ${SQL_TYPES.rollupAmount} not null default 0,
    units_sold ${SQL_TYPES.rollupQuantity} not null default 0,
    sale_lines integer not null default 0,
    updated_at timestamptz not null
  )`,
];
