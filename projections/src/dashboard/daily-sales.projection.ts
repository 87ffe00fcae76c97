import { formatKobo, toKobo } from '../shared/kobo';
import { timeOfSale } from '../shared/time-of-sale';
import { lagosBusinessDay } from '../shared/lagos-business-day';
import { defineProjection } from '../shared/projection';
import { jsonParam } from '../shared/sql-values';
import type { ProjectionSql } from '../shared/projection-sql';

interface DayTotals {
  /** Exact sums in kobo. */
  salesTotal: bigint;
  profit: bigint;
  unitsSold: number;
  saleLines: number;
  lastAt: string;
}

/**
 * Sales per Africa/Lagos business day, from StockIssued with reason 'sale'.
 * Spec 9: profit = (unit price − cost price, the price itself when no cost is known) × quantity,
 * so a line without a cost adds no profit. The spec's formula ignores the line discount; so do we.
 * Sums are exact (integer kobo), folded per day in memory, then added to the stored day in one upsert.
 */
export const dailySalesProjection = defineProjection({
  name: 'daily_sales',
  handles: ['StockIssued'] as const,
  tables: ['daily_sales'],
  async project(events, sql) {
    const days = new Map<string, DayTotals>();
    for (const event of events) {
      const { data } = event;
      if (data.reason !== 'sale') continue;
      const day = lagosBusinessDay(timeOfSale(event));
      let totals = days.get(day);
      if (!totals) {
        totals = { salesTotal: 0n, profit: 0n, unitsSold: 0, saleLines: 0, lastAt: event.metadata.at };
        days.set(day, totals);
      }
      totals.salesTotal += toKobo(data.totalValue);
      if (data.unitPrice !== null && data.costPrice !== null) {
        totals.profit += (toKobo(data.unitPrice) - toKobo(data.costPrice)) * BigInt(data.quantity);
      }
      totals.unitsSold += data.quantity;
      totals.saleLines += 1;
      // The latest time, not the last event's: appends commit out of clock order, and the stored day
      // takes greatest() across batches, so "last in this batch" would make the row depend on where a
      // batch happened to end (live and a rebuild batch differently).
      if (Date.parse(event.metadata.at) > Date.parse(totals.lastAt)) totals.lastAt = event.metadata.at;
    }
    if (days.size > 0) addToDays(sql, days);
  },
});

function addToDays(sql: ProjectionSql, days: ReadonlyMap<string, DayTotals>) {
  const rows = [...days].map(([day, totals]) => ({
    business_day: day,
    sales_total: formatKobo(totals.salesTotal),
    profit: formatKobo(totals.profit),
    units_sold: totals.unitsSold,
    sale_lines: totals.saleLines,
    updated_at: totals.lastAt,
  }));
  sql.write(
    `insert into daily_sales as d (business_day, sales_total, profit, units_sold, sale_lines, updated_at)
     select business_day, sales_total, profit, units_sold, sale_lines, updated_at
     from jsonb_to_recordset(?::jsonb) as r(business_day date, sales_total numeric, profit numeric,
       units_sold bigint, sale_lines integer, updated_at timestamptz)
     on conflict (business_day) do update set
       sales_total = d.sales_total + excluded.sales_total,
       profit = d.profit + excluded.profit,
       units_sold = d.units_sold + excluded.units_sold,
       sale_lines = d.sale_lines + excluded.sale_lines,
       updated_at = greatest(d.updated_at, excluded.updated_at)`,
    [jsonParam(rows)],
  );
}
