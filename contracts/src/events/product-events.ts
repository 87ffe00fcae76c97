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
