import { koboToAmount, storedAmountToKobo } from '@shop/contracts';
import { lagosBusinessDay } from '@shop/contracts';
import { timeOfSale } from '../shared/time-of-sale';
import type { ProjectedEventOf } from '../shared/projection';
import type { ProjectionSql } from '../shared/projection-sql';
import { jsonParam } from '../shared/sql-values';

type Movement = ProjectedEventOf<'StockReceived' | 'StockIssued'>;

/** A sale line (+1) or the reversal of one (−1), booked on the sale's date and staff member, amounts signed. */
export interface SaleFigures {
  sign: 1 | -1;
  /** When the sale happened: the line's own time (soldAt when taken offline), or the reversed original's. */
  at: string;
  staff: string;
  total: string;
  originalTotal: string;
  discount: string;
  profit: string;
  quantity: number;
}

/**
 * Spec 9 profit of a line: (unit price − cost price) × quantity, the cost falling back to the
 * product's price when none is known (as the stock profit's margin does); nothing without a unit price.
 */
export function lineProfit(
  unitPrice: string | null,
  costPrice: string | null,
  price: string,
  quantity: number,
): bigint {
  return unitPrice !== null
    ? (storedAmountToKobo(unitPrice) - storedAmountToKobo(costPrice ?? price)) * BigInt(quantity)
    : 0n;
}

const negate = (amount: string) => koboToAmount(-storedAmountToKobo(amount));
const signedKobo = (amount: string): bigint =>
  amount.startsWith('-') ? -storedAmountToKobo(amount.slice(1)) : storedAmountToKobo(amount);

/**
 * The sale figures of a movement: a sale line, a reversal of one, or null for any other movement.
 * `price`: the product's catalogue price, the cost of a line recorded without one.
 */
export function saleFigures(event: Movement, price: string): SaleFigures | null {
  const { data } = event;
  const original = data.reverses;
  if (event.type === 'StockIssued' && event.data.reason === 'sale' && !original) {
    const line = event.data;
    return {
      sign: 1,
      // A line of a sale taken offline happened at its soldAt (issue 14).
      at: timeOfSale(event),
      staff: line.sellerName,
      total: line.totalValue,
      originalTotal: line.originalTotal,
      discount: line.discountAmount,
      profit: koboToAmount(lineProfit(line.unitPrice, line.costPrice, price, line.quantity)),
      quantity: line.quantity,
    };
  }
  if (!original || original.type !== 'out' || original.reason !== 'sale') return null;
  return {
    sign: -1,
    at: original.at,
    staff: original.sellerName,
    total: negate(original.totalValue),
    originalTotal: negate(original.originalTotal),
    discount: negate(original.discountAmount),
    profit: koboToAmount(-lineProfit(original.unitPrice, original.costPrice, price, original.quantity)),
    quantity: -original.quantity,
  };
}

interface Sums {
  count: number;
  units: number;
  value: bigint;
  outProfit: bigint;
  saleTotal: bigint;
  saleOriginal: bigint;
  saleDiscount: bigint;
  saleProfit: bigint;
  saleQuantity: number;
  saleLines: number;
  reversedLines: number;
}

type Key = [
  recordedDay: string,
  effectiveDay: string,
  direction: string,
  reason: string,
  sign: number,
  category: string,
  staff: string,
];

/**
 * The day sums of a batch, folded in memory per key and then added to the stored rows in ONE upsert:
 * a movement costs one rollup row however many questions the rollup answers.
 */
export class DailyRollup {
  private readonly rows = new Map<string, { key: Key; sums: Sums }>();

  /** `recordedDay`: the Lagos day of the event, worked out once by the caller; `price` as for saleFigures. */
  add(event: Movement, recordedDay: string, category: string, price: string, sale: SaleFigures | null): void {
    const { data } = event;
    const direction = event.type === 'StockReceived' ? 'in' : 'out';
    const effectiveDay = !sale || sale.at === event.metadata.at ? recordedDay : lagosBusinessDay(sale.at);
    const key: Key = [
      recordedDay,
      effectiveDay,
      direction,
      data.reason,
      sale ? sale.sign : 0,
      sale ? category : '',
      sale ? sale.staff : '',
    ];
    const id = key.join('\u0000');
    let entry = this.rows.get(id);
    if (!entry) {
      entry = {
        key,
        sums: {
          count: 0,
          units: 0,
          value: 0n,
          outProfit: 0n,
          saleTotal: 0n,
          saleOriginal: 0n,
          saleDiscount: 0n,
          saleProfit: 0n,
          saleQuantity: 0,
          saleLines: 0,
          reversedLines: 0,
        },
      };
      this.rows.set(id, entry);
    }
    const sums = entry.sums;
    sums.count += 1;
    sums.units += data.quantity;
    sums.value += storedAmountToKobo(data.totalValue);
    if (event.type === 'StockIssued')
      sums.outProfit += lineProfit(data.unitPrice, data.costPrice, price, data.quantity);
    if (sale) {
      sums.saleTotal += signedKobo(sale.total);
      sums.saleOriginal += signedKobo(sale.originalTotal);
      sums.saleDiscount += signedKobo(sale.discount);
      sums.saleProfit += signedKobo(sale.profit);
      sums.saleQuantity += sale.quantity;
      if (sale.sign === 1) sums.saleLines += 1;
      else sums.reversedLines += 1;
    }
  }

  save(sql: ProjectionSql): void {
    if (this.rows.size === 0) return;
    const rows = [...this.rows.values()].map(({ key, sums }) => ({
      recorded_day: key[0],
      effective_day: key[1],
      direction: key[2],
      reason: key[3],
      sale_sign: key[4],
      category: key[5],
      staff: key[6],
      count: sums.count,
      units: sums.units,
      value: koboToAmount(sums.value),
      out_profit: koboToAmount(sums.outProfit),
      sale_total: koboToAmount(sums.saleTotal),
      sale_original_total: koboToAmount(sums.saleOriginal),
      sale_discount: koboToAmount(sums.saleDiscount),
      sale_profit: koboToAmount(sums.saleProfit),
      sale_quantity: sums.saleQuantity,
      sale_lines: sums.saleLines,
      reversed_lines: sums.reversedLines,
    }));
    sql.write(
      `insert into daily_rollup as d (recorded_day, effective_day, direction, reason, sale_sign, category, staff, count,
         units, value, out_profit, sale_total, sale_original_total, sale_discount, sale_profit, sale_quantity,
         sale_lines, reversed_lines)
       select recorded_day, effective_day, direction, reason, sale_sign, category, staff, count,
         units, value, out_profit, sale_total, sale_original_total, sale_discount, sale_profit, sale_quantity,
         sale_lines, reversed_lines
       from jsonb_to_recordset(?::jsonb) as r(recorded_day date, effective_day date, direction text, reason text,
         sale_sign smallint, category text, staff text, count integer, units bigint, value numeric, out_profit numeric,
         sale_total numeric, sale_original_total numeric, sale_discount numeric, sale_profit numeric,
         sale_quantity bigint, sale_lines integer, reversed_lines integer)
       on conflict (recorded_day, effective_day, direction, reason, sale_sign, category, staff) do update set
         count = d.count + excluded.count, units = d.units + excluded.units, value = d.value + excluded.value,
         out_profit = d.out_profit + excluded.out_profit, sale_total = d.sale_total + excluded.sale_total,
         sale_original_total = d.sale_original_total + excluded.sale_original_total,
         sale_discount = d.sale_discount + excluded.sale_discount, sale_profit = d.sale_profit + excluded.sale_profit,
         sale_quantity = d.sale_quantity + excluded.sale_quantity, sale_lines = d.sale_lines + excluded.sale_lines,
         reversed_lines = d.reversed_lines + excluded.reversed_lines`,
      [jsonParam(rows)],
    );
  }
}
