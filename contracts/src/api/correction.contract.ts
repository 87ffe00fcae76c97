import { z } from 'zod';
import { stockCount } from '../money';
import { storableString } from './text-fields';
import { transactionResponse } from './transaction.contract';

/** Corrections without rewriting (issue 5): a stocktake and the reversal of a movement. */
export const stocktakeInput = z.object({
  productId: z.uuid({ error: 'Product is required' }),
  countedQuantity: stockCount('Counted quantity'),
  notes: storableString('Notes', { error: 'Notes are required: say why the count differs' })
    .trim()
    .min(1, 'Notes are required: say why the count differs')
    .max(2000, 'Notes are too long'),
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
  notes: storableString('Notes', { error: 'Notes are required: say why it is reversed' })
    .trim()
    .min(1, 'Notes are required: say why it is reversed')
    .max(2000, 'Notes are too long'),
});
export type ReverseMovementInput = z.infer<typeof reverseMovementInput>;
