import type { Knex } from 'knex';
import type { ReportSummary, SalesFigures } from '@shop/contracts';
import { koboToAmount, storedAmountToKobo } from '@shop/contracts';
import { formatMoney, toInt } from '../shared/sql-values';
import { listInventoryAsOf } from '../ledger/inventory-as-of.query';
import { lagosBusinessDay } from '@shop/contracts';
import { lagosDayStart, splitByLagosDays } from './lagos-day-split';
import { listLaterChanges } from './later-changes.query';

/** Sums may be negative (reversals, a cost above the price): kobo with a sign. */
const signedKobo = (amount: string): bigint =>
  amount.startsWith('-') ? -storedAmountToKobo(amount.slice(1)) : storedAmountToKobo(amount);

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
 * GET /api/reports/summary. Sales are dated by when they happened, so a sale reversed later drops
 * out of its own period, while `knownAt` (recorded ≤ knownAt) brings back the figures as they stood
 * then. Grouping sets yield the totals, per category and per staff member in one pass.
 */
export async function getReportSummary(knex: Knex, range: ReportRange): Promise<ReportSummary> {
  const rows = await salesRows(knex, range);
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
    recordedLater: await listLaterChanges(knex, range),
  };
}

/** A sale line or a reversal of one, from its product_ledger row. */
const LINE_COLUMNS = `category, sale_staff as staff, sale_total as total_value, sale_original_total as original_total,
  sale_discount as discount_amount, sale_profit as profit, sale_quantity as quantity,
  (sale_sign = 1)::int as sale_lines, (sale_sign = -1)::int as reversed_lines`;

/**
 * Sales by effective date in [from, to), recorded by knownAt. Whole Lagos days come from
 * daily_rollup (recorded before knownAt's day), the partial days and the lines recorded on
 * knownAt's own day from the sale rows of product_ledger: the same sums as adding every line, at a fraction of the reads.
 */
async function salesRows(knex: Knex, range: ReportRange): Promise<SalesRow[]> {
  const split = splitByLagosDays(range.from, range.to);
  const parts: string[] = [];
  const bindings: string[] = [];
  const knownAt = range.knownAt?.toISOString();
  const knownLine = knownAt ? ' and at <= ?' : '';
  const lines = (from: Date, to: Date) => {
    parts.push(
      `select ${LINE_COLUMNS} from product_ledger where sale_sign is not null and sale_at >= ? and sale_at < ?${knownLine}`,
    );
    bindings.push(from.toISOString(), to.toISOString(), ...(knownAt ? [knownAt] : []));
  };
  if (split.head) lines(split.head.from, split.head.to);
  if (split.tailFrom && split.tailFrom < range.to) lines(split.tailFrom, range.to);
  if (split.days) {
    const knownDay = range.knownAt ? lagosBusinessDay(range.knownAt) : null;
    parts.push(
      `select category, staff, sale_total as total_value, sale_original_total as original_total,
         sale_discount as discount_amount, sale_profit as profit, sale_quantity as quantity, sale_lines, reversed_lines
       from daily_rollup where sale_sign <> 0 and effective_day >= ? and effective_day < ?${knownDay ? ' and recorded_day < ?' : ''}`,
    );
    bindings.push(split.days.from, split.days.to, ...(knownDay ? [knownDay] : []));
    if (knownDay && knownAt) {
      parts.push(
        `select ${LINE_COLUMNS} from product_ledger
         where sale_sign is not null and sale_at >= ? and sale_at < ? and at >= ? and at <= ?`,
      );
      bindings.push(
        lagosDayStart(split.days.from).toISOString(),
        lagosDayStart(split.days.to).toISOString(),
        lagosDayStart(knownDay).toISOString(),
        knownAt,
      );
    }
  }
  const result = await knex.raw<{ rows: SalesRow[] }>(
    `select grouping(category) as by_category, grouping(staff) as by_staff, category, staff,
       sum(total_value)::text as total_sales, sum(original_total)::text as original_total,
       sum(discount_amount)::text as discounts, sum(profit)::text as profit, sum(quantity) as units,
       sum(sale_lines) as sale_lines, sum(reversed_lines) as reversed_lines
     from (${parts.join(' union all ')}) parts
     group by grouping sets ((), (category), (staff))`,
    bindings,
  );
  return result.rows;
}

function figures(row: SalesRow | undefined): SalesFigures {
  const profit = signedKobo(formatMoney(row?.profit));
  const discounts = signedKobo(formatMoney(row?.discounts));
  return {
    totalSales: formatMoney(row?.total_sales),
    originalTotal: formatMoney(row?.original_total),
    discounts: koboToAmount(discounts),
    profit: koboToAmount(profit),
    profitNetOfDiscounts: koboToAmount(profit - discounts),
    unitsSold: toInt(row?.units),
    // Net, as every figure here and the daily sums per staff member: a line reversed later is taken off.
    saleLines: toInt(row?.sale_lines) - toInt(row?.reversed_lines),
    reversedLines: toInt(row?.reversed_lines),
  };
}

/** Movements recorded in [from, to) (up to knownAt inclusive when earlier): whole days from the daily sums. */
async function movementSummary(knex: Knex, range: ReportRange): Promise<ReportSummary['movements']> {
  const cut = range.knownAt && range.knownAt < range.to;
  const end = cut ? range.knownAt! : range.to;
  const split = splitByLagosDays(range.from, end);
  const parts: string[] = [];
  const bindings: string[] = [];
  const raw = (from: Date, to: Date, inclusive: boolean) => {
    parts.push(
      `select direction, reason, 1 as count, quantity as units, total_value as value from product_ledger
       where movement_id is not null and at >= ? and at ${inclusive ? '<=' : '<'} ?`,
    );
    bindings.push(from.toISOString(), to.toISOString());
  };
  if (split.head) raw(split.head.from, split.head.to, split.head.to.getTime() === end.getTime() && !!cut);
  if (split.tailFrom) raw(split.tailFrom, end, !!cut);
  if (split.days) {
    parts.push(
      'select direction, reason, count, units, value from daily_rollup where recorded_day >= ? and recorded_day < ?',
    );
    bindings.push(split.days.from, split.days.to);
  }
  const result = await knex.raw<{
    rows: { direction: 'in' | 'out'; reason: string; count: string; units: string; value: string }[];
  }>(
    `select direction, reason, sum(count) as count, sum(units) as units, sum(value)::text as value
     from (${parts.join(' union all ')}) parts group by direction, reason order by direction, reason`,
    bindings,
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
      value: koboToAmount(rows.reduce((sum, row) => sum + signedKobo(row.value), 0n)),
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
    stockValue: koboToAmount(value),
    lowStock: items.filter((item) => item.currentStock <= item.minStockLevel).length,
    outOfStock: items.filter((item) => item.currentStock <= 0).length,
    byCategory: [...categories]
      .map(([category, entry]) => ({
        category,
        products: entry.products,
        units: entry.units,
        stockValue: koboToAmount(entry.value),
      }))
      .sort((a, b) => a.category.localeCompare(b.category)),
  };
}
