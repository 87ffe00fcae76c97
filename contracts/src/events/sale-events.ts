import { z } from 'zod';
import { PAYMENT_METHODS } from '../api/sale.contract';

const amount = z.string().regex(/^\d+\.\d{2}$/);

export const saleLineV1 = z.object({
  productId: z.uuid(),
  movementId: z.uuid(),
  productName: z.string(),
  productSku: z.string(),
  quantity: z.number().int().min(1),
  unitPrice: amount,
  costPrice: amount.nullable(),
  originalTotal: amount,
  discountAmount: amount,
  totalValue: amount,
});

/**
 * Present only on a sale the till took offline and sent later (issue 14): the sale happened at
 * soldAt at the prices in its lines; the server learnt of it at syncedAt from syncedBy's session.
 * Absent on every sale recorded before offline selling existed: those were all taken online.
 */
export const offlineSaleV1 = z.object({
  soldAt: z.iso.datetime({ offset: true }),
  syncedAt: z.iso.datetime({ offset: true }),
  catalogAsOf: z.iso.datetime({ offset: true }),
  syncedBy: z.string(),
});

/**
 * The till's sale as one fact, recorded atomically with a StockIssued per line on each product
 * stream. Its stream `sale-{saleId}` also makes a retried post of the same sale a no-op.
 */
export const saleRecordedV1 = z.object({
  saleId: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  discountPercentage: z.string().regex(/^\d{1,3}\.\d{2}$/),
  originalTotal: amount,
  discountAmount: amount,
  totalValue: amount,
  sellerName: z.string(),
  notes: z.string().nullable(),
  lines: z.array(saleLineV1).min(1),
  offline: offlineSaleV1.optional(),
});

/**
 * A receipt of stock movements (POST /api/transactions with a saleId) took this sale id, on the
 * sale's stream `sale-{saleId}`: from then on no till sale may use it, and while a till sale holds
 * it no movement may add lines to it. Sale ids belong to their sale.
 */
export const saleIdClaimedV1 = z.object({ saleId: z.string() });

/**
 * A stock movement joined the receipt `saleId` (POST /api/transactions with a saleId), on the sale's
 * stream: one line per product per receipt. The same line posted again (a retried till call) finds
 * it here and records nothing; the stream's expected version makes lines posted at once meet.
 */
export const receiptLineAddedV1 = z.object({
  saleId: z.string(),
  productId: z.string(),
  movementId: z.string(),
  type: z.enum(['in', 'out']),
  quantity: z.number().int(),
});

export type SaleRecorded = z.infer<typeof saleRecordedV1>;
export type SaleIdClaimed = z.infer<typeof saleIdClaimedV1>;
export type ReceiptLineAdded = z.infer<typeof receiptLineAddedV1>;
export type OfflineSale = z.infer<typeof offlineSaleV1>;
export type SaleLine = z.infer<typeof saleLineV1>;
