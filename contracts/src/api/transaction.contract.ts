import { z } from 'zod';
import { storableString } from './text-fields';
import { isStockInReason, isStockOutReason, STOCK_IN_REASONS, STOCK_OUT_REASONS } from '../catalogue';
import { lineQuantity, moneyOut, moneyText, optionalMoneyString, percentString } from '../money';
import { entityId } from './entity-id';
import { pageLimit } from './query-fields';

/**
 * One shape for both callers of POST /api/transactions: the stock dialog and the spec's per-line till.
 * Totals are recomputed on the server from quantity, unitPrice and discountPercentage; totals a client
 * sends are accepted for compatibility and never trusted. Parsed, it is a union discriminated on
 * `type`: a stock in carries a stock-in reason, a stock out a stock-out reason. A missing reason is
 * 'Reason is required'; one in neither list names both lists; the other type's reason names its own.
 */
export const createTransactionInput = z
  .object({
    productId: entityId('Product is required'),
    type: z.enum(['in', 'out'], { error: "Type must be 'in' or 'out'" }),
    quantity: lineQuantity(true),
    unitPrice: z
      .union([z.string(), z.number()], { error: 'Unit price is required' })
      .transform((value) => String(value).trim())
      .pipe(z.string().min(1, 'Unit price is required').pipe(moneyText('Unit price'))),
    costPrice: optionalMoneyString('Cost price'),
    // The spec has no text for a reason outside the dialog's lists: a present one is not "missing".
    reason: z.enum([...STOCK_IN_REASONS, ...STOCK_OUT_REASONS], {
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? 'Reason is required'
          : `Reason must be one of ${STOCK_IN_REASONS.join(', ')} (stock in) or ${STOCK_OUT_REASONS.join(', ')} (stock out)`,
    }),
    sellerName: storableString('Seller name').trim().max(255, 'Seller name is too long').optional(),
    notes: storableString('Notes').max(2000, 'Notes are too long').optional().nullable(),
    saleId: storableString('Sale id')
      .trim()
      .min(1, 'Sale id must not be empty')
      .max(100, 'Sale id is too long')
      .optional()
      .nullable(),
    discountPercentage: percentString('Discount').optional(),
    totalValue: z.union([z.string(), z.number()]).optional(),
    originalTotal: z.union([z.string(), z.number()]).optional(),
    discountAmount: z.union([z.string(), z.number()]).optional(),
  })
  .transform((input, ctx) => {
    const { reason } = input;
    if (input.type === 'in' && isStockInReason(reason)) return { ...input, type: input.type, reason };
    if (input.type === 'out' && isStockOutReason(reason)) return { ...input, type: input.type, reason };
    const allowed = input.type === 'in' ? STOCK_IN_REASONS : STOCK_OUT_REASONS;
    ctx.addIssue({
      code: 'custom',
      path: ['reason'],
      message: `Reason for stock ${input.type} must be one of ${allowed.join(', ')}`,
    });
    return z.NEVER;
  });
export type CreateTransactionInput = z.input<typeof createTransactionInput>;
export type CreateTransactionCommandInput = z.output<typeof createTransactionInput>;

export const transactionResponse = z.object({
  id: z.string(),
  saleId: z.string().nullable(),
  productId: z.string(),
  productName: z.string().nullable(),
  productSku: z.string().nullable(),
  type: z.enum(['in', 'out']),
  quantity: z.number().int(),
  unitPrice: moneyOut.nullable(),
  costPrice: moneyOut.nullable(),
  totalValue: moneyOut,
  reason: z.string(),
  sellerName: z.string(),
  discountPercentage: z.string(),
  discountAmount: moneyOut,
  originalTotal: moneyOut.nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transactionResponse>;

/**
 * GET /api/transactions: every movement, newest first (spec section 7), streamed page by page so a
 * long history costs the server no more memory than a short one; `limit` for only the movements
 * that happened last, newest createdAt first (the dashboard's Recent Transactions).
 */
export const transactionListQuery = z.object({ limit: pageLimit(1000).optional() });
export type TransactionListQuery = z.output<typeof transactionListQuery>;
