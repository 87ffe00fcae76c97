import type { Knex } from 'knex';
import type { StaffDailySales } from '@shop/contracts';
import { formatMoney, toInt } from '../shared/sql-values';

/**
 * GET /api/reports/staff-daily: Lagos days from `from` to `to` inclusive (YYYY-MM-DD), oldest first.
 * From the sale rows of daily_rollup: a reversed line is taken off the day and the staff member of
 * its original (its effective day), so a day's figures are corrected in place.
 */
export async function listStaffDailySales(knex: Knex, range: { from?: string; to?: string }): Promise<StaffDailySales> {
  const query = knex('daily_rollup')
    .select(
      knex.raw(`to_char(effective_day, 'YYYY-MM-DD') as day`),
      'staff',
      knex.raw('sum(sale_total)::text as sales_total'),
      knex.raw('sum(sale_discount)::text as discounts'),
      knex.raw('sum(sale_profit)::text as profit'),
      knex.raw('sum(sale_quantity) as units_sold'),
      knex.raw('sum(sale_lines - reversed_lines) as sale_lines'),
    )
    .whereNot('sale_sign', 0)
    .groupBy('effective_day', 'staff')
    .orderBy([{ column: 'effective_day' }, { column: 'staff' }]);
  if (range.from) query.where('effective_day', '>=', range.from);
  if (range.to) query.where('effective_day', '<=', range.to);
  const rows: {
    day: string;
    staff: string;
    sales_total: string;
    discounts: string;
    profit: string;
    units_sold: string;
    sale_lines: string | number;
  }[] = await query;
  return rows.map((row) => ({
    day: row.day,
    staff: row.staff,
    totalSales: formatMoney(row.sales_total),
    discounts: formatMoney(row.discounts),
    profit: formatMoney(row.profit),
    unitsSold: toInt(row.units_sold),
    saleLines: toInt(row.sale_lines),
  }));
}
