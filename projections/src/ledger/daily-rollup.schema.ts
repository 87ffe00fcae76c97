import { SQL_TYPES } from '@shop/contracts';

/**
 * DDL of the daily rollup: per Africa/Lagos day, ONE table for the dashboard (today's sales), the
 * reports (sales by category and staff member, movements by type and reason) and the staff figures.
 * A row sums the movements of one key:
 * - recorded_day: the day the event was written; effective_day: the day the sale happened (a
 *   reversal of a sale line counts on its original's day), so a report is reproduced "as known at";
 * - direction, reason: the movement's own, for the movement summary and the dashboard;
 * - sale_sign (1 sale line, −1 reversal of one, 0 neither), category and staff (empty when 0).
 */
export const dailyRollupSchema: readonly string[] = [
  `create table if not exists daily_rollup (
    recorded_day date not null,
    effective_day date not null,
    direction text not null,
    reason text not null,
    sale_sign smallint not null,
    category text not null,
    staff text not null,
    count integer not null,
    units ${SQL_TYPES.rollupQuantity} not null,
    value ${SQL_TYPES.rollupAmount} not null,
    -- spec 9 profit of stock outs, unsigned: the dashboard's
    out_profit ${SQL_TYPES.rollupAmount} not null,
    sale_total ${SQL_TYPES.rollupAmount} not null,
    sale_original_total ${SQL_TYPES.rollupAmount} not null,
    sale_discount ${SQL_TYPES.rollupAmount} not null,
    sale_profit ${SQL_TYPES.rollupAmount} not null,
    sale_quantity ${SQL_TYPES.rollupQuantity} not null,
    sale_lines integer not null,
    reversed_lines integer not null,
    primary key (recorded_day, effective_day, direction, reason, sale_sign, category, staff)
  )`,
  `create index if not exists daily_rollup_sales_idx on daily_rollup (effective_day) where sale_sign <> 0`,
];
