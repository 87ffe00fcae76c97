import { formatKobo, toKobo } from '../shared/kobo';
import { timeOfSale } from '../shared/time-of-sale';
import { lagosBusinessDay } from '../shared/lagos-business-day';
import type { ProjectedEventOf } from '../shared/projection';
import { jsonParam } from '../shared/sql-values';
import type { LedgerProduct } from './ledger-products.store';
import type { ProjectionSql } from '../shared/projection-sql';

type Movement = ProjectedEventOf<'StockReceived' | 'StockIssued'>;

/** A ledger_sales row: a sale line (+1) or the reversal of one (−1), amounts signed. */
export interface SaleRow {
  event_id: string;
  movement_id: string;
  product_id: string;
  category: string;
  staff: string;
  sign: 1 | -1;
  effective_at: string;
  recorded_at: string;
  quantity: number;
  total_value: string;
  original_total: string;
  discount_amount: string;
  profit: string;
}

/** Spec 9 profit of a line: (unit price − cost price) × quantity, nothing when either is unknown. */
function lineProfit(unitPrice: string | null, costPrice: string | null, quantity: number): bigint {
  return unitPrice !== null && costPrice !== null ? (toKobo(unitPrice) - toKobo(costPrice)) * BigInt(quantity) : 0n;
}

const negate = (amount: string) => formatKobo(-toKobo(amount));
const signedKobo = (amount: string): bigint => (amount.startsWith('-') ? -toKobo(amount.slice(1)) : toKobo(amount));

/** A sale line, or a reversal of one booked on the original's date and staff member; null otherwise. */
export function saleRow(event: Movement, product: LedgerProduct): SaleRow | null {
  const { data } = event;
  const original = data.reverses;
  if (event.type === 'StockIssued' && event.data.reason === 'sale' && !original) {
    const line = event.data;
    return {
      event_id: event.eventId,
      movement_id: line.movementId,
      product_id: product.productId,
      category: product.category,
      staff: line.sellerName,
      sign: 1,
      effective_at: timeOfSale(event),
      recorded_at: event.metadata.at,
      quantity: line.quantity,
      total_value: line.totalValue,
      original_total: line.originalTotal,
      discount_amount: line.discountAmount,
      profit: formatKobo(lineProfit(line.unitPrice, line.costPrice, line.quantity)),
    };
  }
  if (!original || original.type !== 'out' || original.reason !== 'sale') return null;
  return {
    event_id: event.eventId,
    movement_id: data.movementId,
    product_id: product.productId,
    category: product.category,
    staff: original.sellerName,
    sign: -1,
    effective_at: original.at,
    recorded_at: event.metadata.at,
    quantity: -original.quantity,
    total_value: negate(original.totalValue),
    original_total: negate(original.originalTotal),
    discount_amount: negate(original.discountAmount),
    profit: formatKobo(-lineProfit(original.unitPrice, original.costPrice, original.quantity)),
  };
}

interface Sums {
  total: bigint;
  original: bigint;
  discount: bigint;
  profit: bigint;
  quantity: number;
  saleLines: number;
  reversedLines: number;
}

/**
 * Per-Lagos-day sums, so a month's report adds ~30 rows per category and staff member instead of
 * every line: sales by (effective day, recorded day, category, staff), movements by (day, type,
 * reason). Folded per batch in memory, then added to the stored rows in one upsert each.
 */
export class LedgerRollups {
  private readonly sales = new Map<string, { key: [string, string, string, string]; sums: Sums }>();
  private readonly movements = new Map<
    string,
    { key: [string, string, string]; count: number; units: number; value: bigint }
  >();

  /** `recordedDay`: the Lagos day of the event, worked out once by the caller. */
  addSale(row: SaleRow, recordedDay: string): void {
    const effectiveDay = row.recorded_at === row.effective_at ? recordedDay : lagosBusinessDay(row.effective_at);
    const key: [string, string, string, string] = [effectiveDay, recordedDay, row.category, row.staff];
    const id = key.join('\u0000');
    let entry = this.sales.get(id);
    if (!entry) {
      entry = {
        key,
        sums: { total: 0n, original: 0n, discount: 0n, profit: 0n, quantity: 0, saleLines: 0, reversedLines: 0 },
      };
      this.sales.set(id, entry);
    }
    const sums = entry.sums;
    sums.total += signedKobo(row.total_value);
    sums.original += signedKobo(row.original_total);
    sums.discount += signedKobo(row.discount_amount);
    sums.profit += signedKobo(row.profit);
    sums.quantity += row.quantity;
    if (row.sign === 1) sums.saleLines += 1;
    else sums.reversedLines += 1;
  }

  addMovement(event: Movement, day: string): void {
    const key: [string, string, string] = [day, event.type === 'StockReceived' ? 'in' : 'out', event.data.reason];
    const id = key.join('\u0000');
    const entry = this.movements.get(id) ?? { key, count: 0, units: 0, value: 0n };
    entry.count += 1;
    entry.units += event.data.quantity;
    entry.value += toKobo(event.data.totalValue);
    this.movements.set(id, entry);
  }

  save(sql: ProjectionSql): void {
    if (this.sales.size > 0) {
      const rows = [...this.sales.values()].map(({ key, sums }) => ({
        effective_day: key[0],
        recorded_day: key[1],
        category: key[2],
        staff: key[3],
        total_value: formatKobo(sums.total),
        original_total: formatKobo(sums.original),
        discount_amount: formatKobo(sums.discount),
        profit: formatKobo(sums.profit),
        quantity: sums.quantity,
        sale_lines: sums.saleLines,
        reversed_lines: sums.reversedLines,
      }));
      sql.write(
        `insert into ledger_sales_daily as d (effective_day, recorded_day, category, staff, total_value, original_total,
           discount_amount, profit, quantity, sale_lines, reversed_lines)
         select * from jsonb_to_recordset(?::jsonb) as r(effective_day date, recorded_day date, category text, staff text,
           total_value numeric, original_total numeric, discount_amount numeric, profit numeric, quantity bigint,
           sale_lines integer, reversed_lines integer)
         on conflict (effective_day, recorded_day, category, staff) do update set
           total_value = d.total_value + excluded.total_value, original_total = d.original_total + excluded.original_total,
           discount_amount = d.discount_amount + excluded.discount_amount, profit = d.profit + excluded.profit,
           quantity = d.quantity + excluded.quantity, sale_lines = d.sale_lines + excluded.sale_lines,
           reversed_lines = d.reversed_lines + excluded.reversed_lines`,
        [jsonParam(rows)],
      );
    }
    if (this.movements.size > 0) {
      const rows = [...this.movements.values()].map(({ key, count, units, value }) => ({
        day: key[0],
        direction: key[1],
        reason: key[2],
        count,
        units,
        value: formatKobo(value),
      }));
      sql.write(
        `insert into ledger_movements_daily as d (day, direction, reason, count, units, value)
         select * from jsonb_to_recordset(?::jsonb) as r(day date, direction text, reason text, count integer,
           units bigint, value numeric)
         on conflict (day, direction, reason) do update set
           count = d.count + excluded.count, units = d.units + excluded.units, value = d.value + excluded.value`,
        [jsonParam(rows)],
      );
    }
  }
}

export function insertSales(sql: ProjectionSql, rows: readonly SaleRow[]) {
  sql.write(
    `insert into ledger_sales (event_id, movement_id, product_id, category, staff, sign, effective_at, recorded_at,
       quantity, total_value, original_total, discount_amount, profit)
     select event_id, movement_id, product_id, category, staff, sign, effective_at, recorded_at,
       quantity, total_value, original_total, discount_amount, profit
     from jsonb_to_recordset(?::jsonb) as r(event_id uuid, movement_id uuid, product_id uuid, category text,
       staff text, sign smallint, effective_at timestamptz, recorded_at timestamptz, quantity integer,
       total_value numeric, original_total numeric, discount_amount numeric, profit numeric)`,
    [jsonParam(rows)],
  );
}
