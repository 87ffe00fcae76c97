import { z } from 'zod';
import { moneyOut } from '../money';
import { productResponse } from './product.contract';

/**
 * Shapes of the ledger features (issue 5): reports and CSV exports and stock as of any date; product
 * history and the audit trail are in audit.contract.ts, stocktakes and reversals in
 * correction.contract.ts. docs/api.md ("Ledger") explains each call.
 */

export const LEDGER_MESSAGES = {
  movementNotFound: 'Transaction not found',
  alreadyReversed: 'This movement has already been reversed',
  badRange: '`from` must be before `to`',
  futureKnownAt: '`knownAt` must be today or earlier: figures are only known up to now',
} as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const LAGOS_MIDNIGHT = 'T00:00:00.000+01:00';
/** An ISO 8601 date-time with a zone: 2025-03-10T14:05, with seconds and fraction optional. */
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:[zZ]|[+-](\d{2}):?(\d{2}))$/;

/** Years a query date may name (docs/api.md): older or later ones are typing mistakes or probes. */
export const QUERY_YEARS = { min: 1970, max: 9999 } as const;

/** A real calendar day (no 30 February) within QUERY_YEARS. */
export function isQueryDay(value: string): boolean {
  if (!DATE_ONLY.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  if (year < QUERY_YEARS.min || year > QUERY_YEARS.max || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const dayRange = `${QUERY_YEARS.min} to ${QUERY_YEARS.max}`;

/** A YYYY-MM-DD business day in a query string. */
export const queryDay = (label: string) =>
  z.string().refine(isQueryDay, { message: `${label} must be a date (YYYY-MM-DD) from ${dayRange}` });

/** The last instant of 9999-12-31 in Lagos: later ones have a five-digit year no query can use. */
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999+01:00');
/** The first instant of 1970-01-01 anywhere (UTC+14). */
const FIRST_INSTANT = Date.parse('1970-01-01T00:00:00.000+14:00');

function parseInstant(value: string, endOfDay: boolean): number {
  if (DATE_ONLY.test(value)) {
    if (!isQueryDay(value)) return Number.NaN;
    const start = Date.parse(`${value}${LAGOS_MIDNIGHT}`);
    return endOfDay ? Math.min(start + 24 * 60 * 60 * 1000, LAST_INSTANT) : start;
  }
  const parts = DATE_TIME.exec(value);
  if (!parts || !isQueryDay(parts[1]!)) return Number.NaN;
  const [hour, minute, second, offsetHours, offsetMinutes] = parts.slice(2).map((part) => Number(part ?? 0));
  if (hour! > 23 || minute! > 59 || second! > 59 || offsetHours! > 14 || offsetMinutes! > 59) return Number.NaN;
  const time = Date.parse(value);
  return time < FIRST_INSTANT || time > LAST_INSTANT ? Number.NaN : time;
}

/**
 * An instant in a query string: an ISO date-time with offset (or Z), or a date alone meaning the
 * start of that Africa/Lagos day. `endOfDay` makes a date alone mean the start of the NEXT day,
 * so `to=2025-03-31` covers the whole of the 31st with `to` exclusive. Impossible dates (30 February)
 * and years outside QUERY_YEARS are refused.
 */
export const queryInstant = (label: string, options: { endOfDay?: boolean } = {}) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const time = parseInstant(value, options.endOfDay ?? false);
      if (Number.isNaN(time)) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} must be a date (YYYY-MM-DD) or an ISO date-time with a time zone, from ${dayRange}`,
        });
        return z.NEVER;
      }
      return new Date(time);
    });

export const inventoryAsOfQuery = z.object({ asOf: queryInstant('asOf').optional() });

/** GET /api/inventory: a product as GET /api/products shows it, with stock, cost and value at `asOf`. */
export const inventoryItemResponse = productResponse.extend({
  stockValue: moneyOut,
  status: z.enum(['Out of Stock', 'Low Stock', 'In Stock']),
});
export type InventoryItem = z.infer<typeof inventoryItemResponse>;

export const reportRangeQuery = z.object({
  from: queryInstant('from').optional(),
  to: queryInstant('to', { endOfDay: true }).optional(),
  /** Only events recorded up to this instant count: the figures as they were known then. */
  knownAt: queryInstant('knownAt', { endOfDay: true }).optional(),
});

const salesFigures = z.object({
  /** Sum of line totals after discount. */
  totalSales: moneyOut,
  /** Sum of line totals before discount. */
  originalTotal: moneyOut,
  discounts: moneyOut,
  /** Spec 9: Σ (unit price − cost price, the price itself when no cost is known) × quantity. */
  profit: moneyOut,
  /** profit − discounts. */
  profitNetOfDiscounts: moneyOut,
  unitsSold: z.number().int(),
  /** Sale lines of the range, net of those reversed later (as the daily sums per staff member count them). */
  saleLines: z.number().int(),
  /** Sale lines of the range reversed later (already netted out of the figures above). */
  reversedLines: z.number().int(),
});

const movementFigures = z.object({ count: z.number().int(), units: z.number().int(), value: moneyOut });

/**
 * A movement recorded after `knownAt` that the corrected report counts and the "as known" one does
 * not: a reversal of a sale of the period (booked on the sale's date), a sale of the period entered
 * after knownAt, or another movement recorded in the range after knownAt. It explains the difference.
 */
export const laterChangeResponse = z.object({
  movementId: z.string(),
  kind: z.enum(['reversal', 'sale', 'movement']),
  /** When it was recorded (after knownAt). */
  recordedAt: z.string(),
  /** The date the report books it on: a reversal of a sale takes the original sale's date. */
  effectiveAt: z.string(),
  type: z.enum(['in', 'out']),
  reason: z.string(),
  productName: z.string(),
  productSku: z.string(),
  quantity: z.number().int(),
  totalValue: moneyOut,
  by: z.string(),
  notes: z.string().nullable(),
  saleId: z.string().nullable(),
  /** The movement a reversal undoes. */
  reverses: z.string().nullable(),
});
export type LaterChange = z.infer<typeof laterChangeResponse>;

/** How many entries `recordedLater` lists at most (oldest first); `count` is the full number. */
export const LATER_CHANGES_LIMIT = 50;

export const reportSummaryResponse = z.object({
  from: z.string(),
  to: z.string(),
  knownAt: z.string().nullable(),
  sales: salesFigures,
  byCategory: z.array(salesFigures.extend({ category: z.string() })),
  byStaff: z.array(salesFigures.extend({ staff: z.string() })),
  movements: z.object({
    stockIn: movementFigures,
    stockOut: movementFigures,
    byReason: z.array(movementFigures.extend({ type: z.enum(['in', 'out']), reason: z.string() })),
  }),
  /** With knownAt: what was recorded after it and changes these figures (empty without knownAt). */
  recordedLater: z.object({ count: z.number().int(), entries: z.array(laterChangeResponse) }),
  /** Stock at the end of the range (as known at knownAt), for the inventory-by-category chart. */
  stock: z.object({
    asOf: z.string(),
    totalProducts: z.number().int(),
    totalUnits: z.number().int(),
    stockValue: moneyOut,
    lowStock: z.number().int(),
    outOfStock: z.number().int(),
    byCategory: z.array(
      z.object({ category: z.string(), products: z.number().int(), units: z.number().int(), stockValue: moneyOut }),
    ),
  }),
});
export type ReportSummary = z.infer<typeof reportSummaryResponse>;
export type SalesFigures = z.infer<typeof salesFigures>;

export const staffDailySalesQuery = z.object({
  from: queryDay('from').optional(),
  to: queryDay('to').optional(),
});
export const staffDailySalesResponse = z.array(
  z.object({
    day: z.string(),
    staff: z.string(),
    totalSales: moneyOut,
    discounts: moneyOut,
    profit: moneyOut,
    unitsSold: z.number().int(),
    saleLines: z.number().int(),
  }),
);
export type StaffDailySales = z.infer<typeof staffDailySalesResponse>;

export const transactionsCsvQuery = z.object({
  from: queryInstant('from').optional(),
  to: queryInstant('to', { endOfDay: true }).optional(),
});

export const INVENTORY_CSV_COLUMNS = [
  'Name',
  'SKU',
  'Category',
  'Price',
  'Current Stock',
  'Min Stock Level',
  'Stock Value',
  'Status',
] as const;
export const TRANSACTIONS_CSV_COLUMNS = [
  'Date',
  'Product',
  'SKU',
  'Type',
  'Quantity',
  'Unit Price',
  'Total Value',
  'Reason',
  'Notes',
] as const;
