import { z } from 'zod';
import { moneyOut } from '../money';
import { productResponse } from './product.contract';
import { transactionResponse } from './transaction.contract';

/**
 * Shapes of the ledger features (issue 5): reports and CSV exports, product history and the audit
 * trail, stock as of any date, stocktakes and reversals. docs/api.md ("Ledger") explains each call.
 */

export const LEDGER_MESSAGES = {
  movementNotFound: 'Transaction not found',
  alreadyReversed: 'This movement has already been reversed',
  badRange: '`from` must be before `to`',
} as const;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const LAGOS_MIDNIGHT = 'T00:00:00.000+01:00';

/**
 * An instant in a query string: an ISO date-time with offset (or Z), or a date alone meaning the
 * start of that Africa/Lagos day. `endOfDay` makes a date alone mean the start of the NEXT day,
 * so `to=2025-03-31` covers the whole of the 31st with `to` exclusive.
 */
export const queryInstant = (label: string, options: { endOfDay?: boolean } = {}) =>
  z.string().trim().transform((value, ctx) => {
    let time: number;
    if (DATE_ONLY.test(value)) {
      time = Date.parse(`${value}${LAGOS_MIDNIGHT}`);
      if (options.endOfDay) time += 24 * 60 * 60 * 1000;
    } else {
      time = /[zZ]|[+-]\d{2}:?\d{2}$/.test(value) ? Date.parse(value) : Number.NaN;
    }
    if (Number.isNaN(time)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a date (YYYY-MM-DD) or an ISO date-time with a time zone` });
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
  saleLines: z.number().int(),
  /** Sale lines of the range reversed later (already netted out of the figures above). */
  reversedLines: z.number().int(),
});

const movementFigures = z.object({ count: z.number().int(), units: z.number().int(), value: moneyOut });

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
  from: z.string().regex(DATE_ONLY, 'from must be a date (YYYY-MM-DD)').optional(),
  to: z.string().regex(DATE_ONLY, 'to must be a date (YYYY-MM-DD)').optional(),
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

export const historyQuery = z.object({
  sinceLastAboveMin: z.enum(['true', 'false']).optional(),
});

export const historyEntryResponse = z.object({
  entryNo: z.number().int(),
  at: z.string(),
  event: z.enum(['ProductCreated', 'StockReceived', 'StockIssued', 'ProductDeleted']),
  type: z.enum(['in', 'out']).nullable(),
  quantity: z.number().int(),
  /** Signed effect on the stock (opening stock at creation, 0 at deletion). */
  change: z.number().int(),
  balanceAfter: z.number().int(),
  /** Who recorded it (the signed-in user). */
  by: z.string(),
  /** The seller/staff named on the movement. */
  staff: z.string().nullable(),
  reason: z.string().nullable(),
  notes: z.string().nullable(),
  saleId: z.string().nullable(),
  movementId: z.string().nullable(),
  unitPrice: moneyOut.nullable(),
  /** Cost price carried by the event itself. */
  costPrice: moneyOut.nullable(),
  /** Cost price in force after this entry, and before it when it changed. */
  costInForce: moneyOut.nullable(),
  previousCost: moneyOut.nullable(),
  costChanged: z.boolean(),
  price: moneyOut,
  totalValue: moneyOut.nullable(),
  originalTotal: moneyOut.nullable(),
  discountAmount: moneyOut.nullable(),
  discountPercentage: z.string().nullable(),
  /** Movement id this entry reverses. */
  reference: z.string().nullable(),
  /** Movement id of the entry that reversed this one. */
  reversedBy: z.string().nullable(),
  stocktake: z
    .object({ stocktakeId: z.string(), expectedQuantity: z.number().int(), countedQuantity: z.number().int() })
    .nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntryResponse>;

export const productHistoryResponse = z.object({
  product: z.object({
    id: z.string(),
    name: z.string(),
    sku: z.string(),
    category: z.string(),
    price: moneyOut,
    costPrice: moneyOut.nullable(),
    minStockLevel: z.number().int(),
    currentStock: z.number().int(),
    status: z.enum(['Out of Stock', 'Low Stock', 'In Stock']),
    createdAt: z.string(),
    deletedAt: z.string().nullable(),
  }),
  entries: z.array(historyEntryResponse),
  /** When the stock is at or below the minimum: since when, and the entries that brought it there. */
  lowStock: z.object({ since: z.string(), entryNos: z.array(z.number().int()) }).nullable(),
});
export type ProductHistory = z.infer<typeof productHistoryResponse>;

export const AUDIT_ENTITIES = ['user', 'setting', 'contact', 'product', 'sale', 'order', 'customer', 'support'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const auditQuery = z.object({
  entity: z.enum(AUDIT_ENTITIES, { error: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` }).optional(),
  entityId: z.string().trim().min(1).max(200).optional(),
  from: queryInstant('from').optional(),
  to: queryInstant('to', { endOfDay: true }).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(200),
  /** Paging cursor: the `nextBefore` of the previous page. */
  before: z.string().regex(/^\d+:\d+$/, 'before must be a cursor from nextBefore').optional(),
});

export const auditEntryResponse = z.object({
  id: z.string(),
  at: z.string(),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  event: z.string(),
  summary: z.string(),
  by: z.string(),
  byId: z.string().nullable(),
  /** The event's fields, minus secrets (password hashes never leave the server). */
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntryResponse>;
export const auditResponse = z.object({ entries: z.array(auditEntryResponse), nextBefore: z.string().nullable() });
export type AuditPage = z.infer<typeof auditResponse>;

export const stocktakeInput = z.object({
  productId: z.uuid({ error: 'Product is required' }),
  countedQuantity: z.coerce
    .number({ error: 'Counted quantity must be a whole number' })
    .int('Counted quantity must be a whole number')
    .min(0, 'Counted quantity cannot be negative')
    .max(1_000_000_000, 'Counted quantity is too large'),
  notes: z.string({ error: 'Notes are required: say why the count differs' }).trim().min(1, 'Notes are required: say why the count differs').max(2000, 'Notes are too long'),
});
export type StocktakeInput = z.input<typeof stocktakeInput>;
export type StocktakeCommandInput = z.output<typeof stocktakeInput>;

export const stocktakeResponse = z.object({
  stocktakeId: z.string(),
  productId: z.string(),
  expectedQuantity: z.number().int(),
  countedQuantity: z.number().int(),
  /** counted − expected; 0 records nothing. */
  difference: z.number().int(),
  movement: transactionResponse.nullable(),
});
export type StocktakeResult = z.infer<typeof stocktakeResponse>;

export const reverseMovementInput = z.object({
  notes: z.string({ error: 'Notes are required: say why it is reversed' }).trim().min(1, 'Notes are required: say why it is reversed').max(2000, 'Notes are too long'),
});
export type ReverseMovementInput = z.infer<typeof reverseMovementInput>;
