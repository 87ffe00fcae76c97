import { z } from 'zod';
import { storableString } from './text-fields';
import { filterText, pageLimit } from './query-fields';
import { moneyOut } from '../money';
import { queryInstant } from './report.contract';

/** A product's ledger history and the shop-wide audit trail (issue 5); see docs/api.md "Ledger". */
export const historyQuery = z.object({
  sinceLastAboveMin: z.enum(['true', 'false']).optional(),
});

export const historyEntryResponse = z.object({
  entryNo: z.number().int(),
  /** When the ledger recorded it: entries are in this order, and the balances follow it. */
  at: z.string(),
  /** A line of a sale taken offline: when it was sold (recorded at the sync, `at`); otherwise null. */
  soldAt: z.string().nullable(),
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

export const AUDIT_ENTITIES = [
  'user',
  'setting',
  'contact',
  'product',
  'sale',
  'order',
  'customer',
  'support',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** The audit filters shared by the page (GET /api/audit) and its CSV export (GET /api/audit.csv). */
const auditFilterFields = {
  entity: z.enum(AUDIT_ENTITIES, { error: `entity must be one of ${AUDIT_ENTITIES.join(', ')}` }).optional(),
  entityId: filterText('entityId').optional(),
  /** Who did it: the acting user's id. */
  byId: filterText('byId').optional(),
  /** Free text, matched case-insensitively inside the summary and the actor's name. */
  q: storableString('q').trim().max(200, 'q is too long (at most 200 characters)').optional(),
  from: queryInstant('from').optional(),
  to: queryInstant('to', { endOfDay: true }).optional(),
};

export const auditCsvQuery = z.object(auditFilterFields);

export const auditQuery = z.object({
  ...auditFilterFields,
  limit: pageLimit(1000).default(200),
  /** Paging cursor: the `nextBefore` of the previous page. */
  before: z
    .string()
    .regex(/^\d+:\d+$/, 'before must be a cursor from nextBefore')
    .optional(),
});

export const auditChange = z.object({ field: z.string(), before: z.string().nullable(), after: z.string() });
export type AuditChange = z.infer<typeof auditChange>;

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
  /** What changed, before → after, where the event changes a value (a cost price, a status). */
  changes: z.array(auditChange),
});
export type AuditEntry = z.infer<typeof auditEntryResponse>;
export const auditResponse = z.object({ entries: z.array(auditEntryResponse), nextBefore: z.string().nullable() });
export type AuditPage = z.infer<typeof auditResponse>;
