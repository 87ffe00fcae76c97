import { formatKobo, toKobo } from '../shared/kobo';
import { timeOfSale } from '../shared/time-of-sale';
import { lagosBusinessDay } from '../shared/lagos-business-day';
import { defineProjection } from '../shared/projection';
import { jsonParam } from '../shared/sql-values';
import type { ProjectionSql } from '../shared/projection-sql';

interface Totals {
  day: string;
  staff: string;
  sales: bigint;
  discounts: bigint;
  profit: bigint;
  units: number;
  lines: number;
}

const lineProfit = (unitPrice: string | null, costPrice: string | null, quantity: number) =>
  unitPrice !== null && costPrice !== null ? (toKobo(unitPrice) - toKobo(costPrice)) * BigInt(quantity) : 0n;

/**
 * Sales per Lagos business day and staff member. A reversed sale line is taken off the day and the
 * staff member of the original (the compensating event carries both), so a day's figures are
 * corrected in place. Added after the shop had history: on first start its checkpoint is absent,
 * and the runner replays the whole store into it (see daily-staff-sales.backfill.int.spec.ts).
 */
export const dailyStaffSalesProjection = defineProjection({
  name: 'daily_staff_sales',
  handles: ['StockIssued', 'StockReceived'] as const,
  tables: ['daily_staff_sales'],
  async project(events, sql) {
    const totals = new Map<string, Totals>();
    const add = (
      at: string,
      staff: string,
      sign: 1 | -1,
      line: { quantity: number; total: string; discount: string; profit: bigint },
    ) => {
      const day = lagosBusinessDay(at);
      const key = `${day}\u0000${staff}`;
      let entry = totals.get(key);
      if (!entry) totals.set(key, (entry = { day, staff, sales: 0n, discounts: 0n, profit: 0n, units: 0, lines: 0 }));
      entry.sales += BigInt(sign) * toKobo(line.total);
      entry.discounts += BigInt(sign) * toKobo(line.discount);
      entry.profit += BigInt(sign) * line.profit;
      entry.units += sign * line.quantity;
      entry.lines += sign;
    };
    for (const event of events) {
      const { data } = event;
      if (event.type === 'StockIssued' && data.reason === 'sale' && !data.reverses) {
        add(timeOfSale(event), data.sellerName, 1, {
          quantity: data.quantity,
          total: event.data.totalValue,
          discount: event.data.discountAmount,
          profit: lineProfit(data.unitPrice, data.costPrice, data.quantity),
        });
      } else if (data.reverses && data.reverses.type === 'out' && data.reverses.reason === 'sale') {
        const original = data.reverses;
        add(original.at, original.sellerName, -1, {
          quantity: original.quantity,
          total: original.totalValue,
          discount: original.discountAmount,
          profit: lineProfit(original.unitPrice, original.costPrice, original.quantity),
        });
      }
    }
    if (totals.size > 0) addToDays(sql, [...totals.values()]);
  },
});

function addToDays(sql: ProjectionSql, totals: readonly Totals[]) {
  const rows = totals.map((entry) => ({
    business_day: entry.day,
    staff: entry.staff,
    sales_total: formatKobo(entry.sales),
    discounts: formatKobo(entry.discounts),
    profit: formatKobo(entry.profit),
    units_sold: entry.units,
    sale_lines: entry.lines,
  }));
  sql.write(
    `insert into daily_staff_sales as d (business_day, staff, sales_total, discounts, profit, units_sold, sale_lines)
     select business_day, staff, sales_total, discounts, profit, units_sold, sale_lines
     from jsonb_to_recordset(?::jsonb) as r(business_day date, staff text, sales_total numeric, discounts numeric,
       profit numeric, units_sold bigint, sale_lines integer)
     on conflict (business_day, staff) do update set
       sales_total = d.sales_total + excluded.sales_total,
       discounts = d.discounts + excluded.discounts,
       profit = d.profit + excluded.profit,
       units_sold = d.units_sold + excluded.units_sold,
       sale_lines = d.sale_lines + excluded.sale_lines`,
    [jsonParam(rows)],
  );
}
