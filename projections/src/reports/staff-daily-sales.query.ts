import type { Knex } from 'knex';
import type { StaffDailySales } from '@shop/contracts';
import { formatMoney, toInt } from '../shared/sql-values';

/** GET /api/reports/staff-daily: Lagos days from `from` to `to` inclusive (YYYY-MM-DD), oldest first. */
export async function listStaffDailySales(knex: Knex, range: { from?: string; to?: string }): Promise<StaffDailySales> {
  const query = knex('daily_staff_sales')
    .select(
      knex.raw(`to_char(business_day, 'YYYY-MM-DD') as day`),
      'staff',
      knex.raw('sales_total::text as sales_total'),
      knex.raw('discounts::text as discounts'),
      knex.raw('profit::text as profit'),
      'units_sold',
      'sale_lines',
    )
    .orderBy([{ column: 'business_day' }, { column: 'staff' }]);
  if (range.from) query.where('business_day', '>=', range.from);
  if (range.to) query.where('business_day', '<=', range.to);
  const rows: {
    day: string;
    staff: string;
    sales_total: string;
    discounts: string;
    profit: string;
    units_sold: string;
    sale_lines: number;
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
