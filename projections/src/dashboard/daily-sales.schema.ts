/** One row per Africa/Lagos business day. Sums are wider than decimal(10,2): a day adds many lines. */
export const dailySalesSchema: readonly string[] = [
  `create table if not exists daily_sales (
    business_day date primary key,
    sales_total numeric(14,2) not null default 0,
    profit numeric(14,2) not null default 0,
    units_sold bigint not null default 0,
    sale_lines integer not null default 0,
    updated_at timestamptz not null
  )`,
];
