import { z } from 'zod';
import { LIMITS } from '../limits';
import { stockCount } from '../money';
import { storableString } from './text-fields';
import { transactionResponse } from './transaction.contract';
import { entityId } from './entity-id';

const stocktakeNotes = () =>
  storableString('Notes', { error: 'Notes are required: say why the count differs' })
    .trim()
    .min(1, 'Notes are required: say why the count differs')
    .max(2000, 'Notes are too long');

/** Corrections without rewriting (issue 5): a stocktake and the reversal of a movement. */
export const stocktakeInput = z.object({
  productId: entityId('Product is required'),
  countedQuantity: stockCount('Counted quantity'),
  notes: stocktakeNotes(),
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

/** One count sheet (issue 11): every line is decided and recorded together, or nothing is. */
export const stocktakeSheetInput = z.object({
  lines: z
    .array(
      z.object({
        productId: entityId('Product is required'),
        countedQuantity: stockCount('Counted quantity'),
      }),
      { error: 'Lines must be a list of counts' },
    )
    .min(1, 'Count at least one product')
    .max(LIMITS.maxStocktakeLines, `A stocktake has at most ${LIMITS.maxStocktakeLines} lines`)
    .superRefine((lines, ctx) => {
      const seen = new Set<string>();
      lines.forEach((line, index) => {
        const id = line.productId;
        if (seen.has(id)) {
          ctx.addIssue({ code: 'custom', path: [index, 'productId'], message: 'A product is counted twice' });
        }
        seen.add(id);
      });
    }),
  notes: stocktakeNotes(),
});
export type StocktakeSheetInput = z.input<typeof stocktakeSheetInput>;
export type StocktakeSheetCommandInput = z.output<typeof stocktakeSheetInput>;

/** A body with `lines` is a count sheet; without, the single-product body of issue 5. */
export const isStocktakeSheet = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && !Array.isArray(body) && 'lines' in body;

const stocktakeLineResult = z.object({
  productId: z.string(),
  productName: z.string(),
  productSku: z.string(),
  expectedQuantity: z.number().int(),
  countedQuantity: z.number().int(),
  difference: z.number().int(),
  movement: transactionResponse.nullable(),
});

export const stocktakeSheetResponse = z.object({
  stocktakeId: z.string(),
  notes: z.string(),
  lines: z.array(stocktakeLineResult),
});
export type StocktakeSheetResult = z.infer<typeof stocktakeSheetResponse>;
export type StocktakeLineResult = z.infer<typeof stocktakeLineResult>;

export const reverseMovementInput = z.object({
  notes: storableString('Notes', { error: 'Notes are required: say why it is reversed' })
    .trim()
    .min(1, 'Notes are required: say why it is reversed')
    .max(2000, 'Notes are too long'),
});
export type ReverseMovementInput = z.infer<typeof reverseMovementInput>;
