import { z } from 'zod';
import { LIMITS } from '../limits';
import { lineQuantity, moneyOut, moneyString, percentString } from '../money';
import { storableString } from './text-fields';
import { transactionResponse } from './transaction.contract';
import { entityId } from './entity-id';

export const PAYMENT_METHODS = ['cash', 'card'] as const;

/** A sale's notes, in characters (charCount): the till's notes box clips at it. */
export const SALE_NOTES_MAX = 2000;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const saleItemInput = z.object({
  productId: entityId('Each item needs a product'),
  quantity: lineQuantity(false),
  /** Read only for an offline sale (the price the customer was shown and paid); a sale taken online ignores it. */
  unitPrice: moneyString('Unit price').optional(),
});

/**
 * A sale the till took while offline (issue 14): when it happened, the catalogue snapshot the till
 * priced it from and who sold it. Both times are the server's: catalogAsOf is the catalogue's
 * SERVER_TIME_HEADER, soldAt the till's clock corrected by the offset that header gave (so a till
 * whose clock is wrong is not refused for it). See docs/decisions.md.
 */
export const offlineSaleInput = z.object({
  soldAt: z.iso.datetime({ offset: true, error: 'Time of sale must be an ISO date-time' }),
  catalogAsOf: z.iso.datetime({ offset: true, error: 'Catalogue time must be an ISO date-time' }),
  sellerName: storableString('Seller').trim().min(1, 'Seller is required').max(100, 'Seller is too long'),
});
export type OfflineSaleInput = z.infer<typeof offlineSaleInput>;

/**
 * POST /api/sales: a whole cart as one sale, all lines or none. Prices come from the catalogue at
 * the moment of sale; the same saleId posted again returns the first sale and records nothing.
 */
export const createSaleInput = z
  .object({
    saleId: storableString('Sale id', { error: 'Sale id is required' })
      .trim()
      .min(1, 'Sale id is required')
      .max(100, 'Sale id is too long'),
    items: z
      .array(saleItemInput)
      .min(1, 'The cart is empty')
      .max(LIMITS.maxSaleLines, `A sale may have at most ${LIMITS.maxSaleLines} lines`),
    discountPercentage: percentString('Discount').default('0'),
    notes: storableString('Notes').max(SALE_NOTES_MAX, 'Notes are too long').optional().nullable(),
    paymentMethod: z.enum(PAYMENT_METHODS, { error: "Payment method must be 'cash' or 'card'" }),
    offline: offlineSaleInput.optional(),
  })
  .superRefine((sale, context) => {
    if (sale.offline && sale.items.some((item) => item.unitPrice === undefined))
      context.addIssue({ code: 'custom', path: ['items'], message: 'An offline sale needs the price of each item' });
  });
export type CreateSaleInput = z.input<typeof createSaleInput>;
export type CreateSaleCommandInput = z.output<typeof createSaleInput>;

export const saleResponse = z.object({
  saleId: z.string(),
  createdAt: z.string(),
  sellerName: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  discountPercentage: z.string(),
  originalTotal: moneyOut,
  discountAmount: moneyOut,
  totalValue: moneyOut,
  notes: z.string().nullable(),
  /** Only for a sale taken offline: when the server learnt of it, and who sent it. createdAt is the time of sale. */
  offline: z.object({ syncedAt: z.string(), syncedBy: z.string() }).optional(),
  /** One stock-out line per cart line, with the product's name and price as they were at the sale. */
  lines: z.array(transactionResponse),
});
export type Sale = z.infer<typeof saleResponse>;

/** Client-side sale id, as the spec's till makes it: CASH-timestamp-random. */
export const newCashSaleId = (now = Date.now(), random = Math.random()) =>
  `CASH-${now}-${random.toString(36).slice(2, 11)}`;
