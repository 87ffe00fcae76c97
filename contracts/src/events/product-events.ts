import { z } from 'zod';
import { PRODUCT_CATEGORIES, STOCK_IN_REASONS, STOCK_OUT_REASONS } from '../catalogue';

const amount = z.string().regex(/^\d+\.\d{2}$/);
const percent = z.string().regex(/^\d{1,3}\.\d{2}$/);

export const productCreatedV1 = z.object({
  productId: z.uuid(),
  name: z.string(),
  sku: z.string(),
  category: z.enum(PRODUCT_CATEGORIES),
  price: amount,
  costPrice: amount.nullable(),
  openingStock: z.number().int().min(0),
  minStockLevel: z.number().int().min(0),
  description: z.string().nullable(),
  images: z.array(z.string()),
});

export const productDeletedV1 = z.object({ productId: z.uuid() });

/**
 * What a compensating movement undoes, copied from the original when the reversal was decided: the
 * event stands alone, so every read model can book the reversal (and its sale figures, on the
 * original's date) without looking the original up.
 */
export const reversedMovementV1 = z.object({
  movementId: z.uuid(),
  type: z.enum(['in', 'out']),
  reason: z.enum([...STOCK_IN_REASONS, ...STOCK_OUT_REASONS]),
  at: z.iso.datetime({ offset: true }),
  quantity: z.number().int().min(1),
  sellerName: z.string(),
  saleId: z.string().nullable(),
  unitPrice: amount.nullable(),
  costPrice: amount.nullable(),
  originalTotal: amount,
  discountAmount: amount,
  totalValue: amount,
});

/** The count behind a stocktake adjustment: expected is the ledger's stock when it was recorded. */
export const stocktakeRefV1 = z.object({
  stocktakeId: z.uuid(),
  expectedQuantity: z.number().int(),
  countedQuantity: z.number().int().min(0),
});

export const stockReceivedV1 = z.object({
  productId: z.uuid(),
  movementId: z.uuid(),
  quantity: z.number().int().min(1),
  reason: z.enum(STOCK_IN_REASONS),
  unitPrice: amount.nullable(),
  costPrice: amount.nullable(),
  totalValue: amount,
  sellerName: z.string(),
  notes: z.string().nullable(),
  saleId: z.string().nullable(),
  /** Present only on a compensating movement (POST /api/transactions/:id/reverse). */
  reverses: reversedMovementV1.optional(),
  /** Present only on a stocktake adjustment (POST /api/stocktakes). */
  stocktake: stocktakeRefV1.optional(),
});

/**
 * A line of a sale taken offline: it left the shop at soldAt, the server learnt of it at syncedAt;
 * stockAfter below zero means the product was oversold while offline (resolved by a stock in or stocktake).
 */
export const offlineIssueV1 = z.object({
  soldAt: z.iso.datetime({ offset: true }),
  syncedAt: z.iso.datetime({ offset: true }),
  stockAfter: z.number().int(),
});

export const stockIssuedV1 = z.object({
  productId: z.uuid(),
  movementId: z.uuid(),
  quantity: z.number().int().min(1),
  reason: z.enum(STOCK_OUT_REASONS),
  unitPrice: amount.nullable(),
  /** Cost price in force when the stock left: profit stays exact after later cost changes. */
  costPrice: amount.nullable(),
  originalTotal: amount,
  discountPercentage: percent,
  discountAmount: amount,
  totalValue: amount,
  sellerName: z.string(),
  notes: z.string().nullable(),
  saleId: z.string().nullable(),
  reverses: reversedMovementV1.optional(),
  stocktake: stocktakeRefV1.optional(),
  /** Present only on a line of a sale taken offline (POST /api/sales with `offline`). */
  offline: offlineIssueV1.optional(),
});

/** The SKU registry stream makes "SKU unique among live products" a consistency rule, not a race. */
export const skuClaimedV1 = z.object({ sku: z.string(), productId: z.uuid() });
export const skuReleasedV1 = z.object({ sku: z.string(), productId: z.uuid() });

export type ProductCreated = z.infer<typeof productCreatedV1>;
export type ProductDeleted = z.infer<typeof productDeletedV1>;
export type StockReceived = z.infer<typeof stockReceivedV1>;
export type StockIssued = z.infer<typeof stockIssuedV1>;
export type SkuClaimed = z.infer<typeof skuClaimedV1>;
export type SkuReleased = z.infer<typeof skuReleasedV1>;
export type ReversedMovement = z.infer<typeof reversedMovementV1>;
export type OfflineIssue = z.infer<typeof offlineIssueV1>;
export type StocktakeRef = z.infer<typeof stocktakeRefV1>;
