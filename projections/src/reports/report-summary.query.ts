import type { Knex } from 'knex';
import type { ReportSummary, SalesFigures } from '@shop/contracts';
import { formatKobo, toKobo } from '../shared/kobo';
import { formatMoney, toInt } from '../shared/sql-values';
import { listInventoryAsOf } from '../ledger/inventory-as-of.query';

/** Sums may be negative (reversals, a cost above the price): kobo with a sign. */
const signedKobo = (amount: string): bigint => (amount.startsWith('-') ? -toKobo(amount.slice(1)) : toKobo(amount));

export interface ReportRange {
  readonly from: Date;
  /** Exclusive. */
  readonly to: Date;
  /** Only events recorded at or before it count; null: everything recorded so far. */
  readonly knownAt: Date | null;
}

interface SalesRow {
  by_category: number;
  by_staff: number;
  category: string | null;
  staff: string | null;
  total_sales: string | null;
  original_total: string | null;
  discounts: string | null;
  profit: string | null;
  units: string | null;
  sale_lines: string | null;
  reversed_lines: string | null;
}

/**
 * GET /api/reports/summary. Sales come from ledger_sales by effective date, so a sale reversed later
 * drops out of its own period, while `knownAt` (recorded_at ≤ knownAt) brings back the figures as
 * they stood then. One scan with grouping sets yields the totals, per category and per staff member.
 */
export async function getReportSummary(knex: Knex, range: ReportRange): Promise<ReportSummary> {
  const known = range.knownAt ? ' and recorded_at <= ?' : '';
  const knownBinding = range.knownAt ? [range.knownAt.toISOString()] : [];
  const sales = await knex.raw<{ rows: SalesRow[] }>(
    `select grouping(category) as by_category, grouping(staff) as by_staff, category, staff,
       sum(total_value)::text as total_sales, sum(original_total)::text as original_total,
       sum(discount_amount)::text as discounts, sum(profit)::text as profit, sum(quantity) as units,
       count(*) filter (where sign = 1) as sale_lines, count(*) filter (where sign = -1) as reversed_lines
     from ledger_sales
     where effective_at >= ? and effective_at < ?${known}
     group by grouping sets ((), (category), (staff))`,
    [range.from.toISOString(), range.to.toISOString(), ...knownBinding],
  );
  const rows = sales.rows;
  const totals = rows.find((row) => Number(row.by_category) === 1 && Number(row.by_staff) === 1);
  const byCategory = rows
    .filter((row) => Number(row.by_category) === 0)
    .map((row) => ({ category: row.category ?? '', ...figures(row) }))
    .sort((a, b) => a.category.localeCompare(b.category));
  const byStaff = rows
    .filter((row) => Number(row.by_staff) === 0)
    .map((row) => ({ staff: row.staff ?? '', ...figures(row) }))
    .sort((a, b) => a.staff.localeCompare(b.staff));

  // Stock "at the end of the range as known at knownAt": recording order is time order, so the
  // earlier of the two bounds. `to` is exclusive; knownAt is inclusive.
  const stockAt = range.knownAt && range.knownAt < range.to ? range.knownAt : range.to;
  return {
    from: range.from.toISOString(),
    to: range.to.toISOString(),
    knownAt: range.knownAt ? range.knownAt.toISOString() : null,
    sales: figures(totals),
    byCategory,
    byStaff,
    movements: await movementSummary(knex, range),
    stock: await stockSummary(knex, stockAt, stockAt !== range.to),
  };
}

function figures(row: SalesRow | undefined): SalesFigures {
  const profit = signedKobo(formatMoney(row?.profit));
  const discounts = signedKobo(formatMoney(row?.discounts));
  return {
    totalSales: formatMoney(row?.total_sales),
    originalTotal: formatMoney(row?.original_total),
    discounts: formatKobo(discounts),
    profit: formatKobo(profit),
    profitNetOfDiscounts: formatKobo(profit - discounts),
    unitsSold: toInt(row?.units),
    saleLines: toInt(row?.sale_lines),
    reversedLines: toInt(row?.reversed_lines),
  };
}

async function movementSummary(knex: Knex, range: ReportRange): Promise<ReportSummary['movements']> {
  const end = range.knownAt && range.knownAt < range.to ? { op: '<=', at: range.knownAt } : { op: '<', at: range.to };
  const result = await knex.raw<{ rows: { direction: 'in' | 'out'; reason: string; count: string; units: string; value: string }[] }>(
    `select direction, reason, count(*) as count, sum(quantity) as units, sum(total_value)::text as value
     from stock_ledger
     where movement_id is not null and at >= ? and at ${end.op} ?
     group by direction, reason order by direction, reason`,
    [range.from.toISOString(), end.at.toISOString()],
  );
  const byReason = result.rows.map((row) => ({
    type: row.direction,
    reason: row.reason,
    count: toInt(row.count),
    units: toInt(row.units),
    value: formatMoney(row.value),
  }));
  const total = (type: 'in' | 'out') => {
    const rows = byReason.filter((row) => row.type === type);
    return {
      count: rows.reduce((sum, row) => sum + row.count, 0),
      units: rows.reduce((sum, row) => sum + row.units, 0),
      value: formatKobo(rows.reduce((sum, row) => sum + signedKobo(row.value), 0n)),
    };
  };
  return { stockIn: total('in'), stockOut: total('out'), byReason };
}

async function stockSummary(knex: Knex, at: Date, inclusive: boolean): Promise<ReportSummary['stock']> {
  const items = await listInventoryAsOf(knex, { asOf: at, inclusive });
  const categories = new Map<string, { products: number; units: number; value: bigint }>();
  let value = 0n;
  for (const item of items) {
    const entry = categories.get(item.category) ?? { products: 0, units: 0, value: 0n };
    entry.products += 1;
    entry.units += item.currentStock;
    entry.value += signedKobo(item.stockValue);
    categories.set(item.category, entry);
    value += signedKobo(item.stockValue);
  }
  return {
    asOf: at.toISOString(),
    totalProducts: items.length,
    totalUnits: items.reduce((sum, item) => sum + item.currentStock, 0),
    stockValue: formatKobo(value),
    lowStock: items.filter((item) => item.currentStock <= item.minStockLevel).length,
    outOfStock: items.filter((item) => item.currentStock <= 0).length,
    byCategory: [...categories]
      .map(([category, entry]) => ({ category, products: entry.products, units: entry.units, stockValue: formatKobo(entry.value) }))
      .sort((a, b) => a.category.localeCompare(b.category)),
  };
}
