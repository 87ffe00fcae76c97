import { z } from 'zod';
import { STOCK_IN_REASONS, STOCK_OUT_REASONS } from '../catalogue';
import { storableString } from './text-fields';
import { pageLimit } from './query-fields';
import { transactionResponse } from './transaction.contract';

const CURSOR = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_(\d{1,20})_(\d{1,20})$/;

/** A movement's place in the list (its time to the microsecond and its global position). */
export interface TransactionCursor {
  readonly at: string;
  readonly commit: string;
  readonly prepare: string;
}

export const formatTransactionCursor = (cursor: TransactionCursor): string =>
  `${cursor.at}_${cursor.commit}_${cursor.prepare}`;

export function parseTransactionCursor(text: string): TransactionCursor | null {
  const match = CURSOR.exec(text);
  if (!match) return null;
  const [, at, commit, prepare] = match as unknown as [string, string, string, string];
  const date = new Date(`${at.slice(0, 23)}Z`);
  // A real instant: 2025-02-30 parses in JavaScript but would not in PostgreSQL.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 19) !== at.slice(0, 19)) return null;
  return { at, commit, prepare };
}

/** GET /api/transactions/groups (issue 11): the Transactions page, a page of whole groups at a time. */
export const transactionPageQuery = z.object({
  /** Free text in product name, SKU, sale id, seller, notes or movement id; a sale shows whole when any line matches. */
  q: storableString('q').trim().max(200, 'q is too long (at most 200 characters)').optional(),
  type: z.enum(['in', 'out'], { error: "type must be 'in' or 'out'" }).optional(),
  reason: z
    .enum([...new Set([...STOCK_IN_REASONS, ...STOCK_OUT_REASONS])] as [string, ...string[]], {
      error: 'reason must be purchase, sale, return, waste or adjustment',
    })
    .optional(),
  limit: pageLimit(200).default(50),
  /** The `nextBefore` of the previous page. */
  before: z
    .string()
    .refine((text) => parseTransactionCursor(text) !== null, 'before must be a cursor from nextBefore')
    .optional(),
});
export type TransactionPageQuery = z.output<typeof transactionPageQuery>;

/** A movement with its ledger links: the reversal that undid it, the movement it undoes, its stocktake. */
export const ledgerTransaction = transactionResponse.extend({
  reverses: z.string().nullable(),
  reversedBy: z.string().nullable(),
  stocktakeId: z.string().nullable(),
  /** The signed-in user who recorded it (sellerName is who the movement names). */
  recordedBy: z.string(),
});
export type LedgerTransaction = z.infer<typeof ledgerTransaction>;

export const transactionGroup = z.object({
  /** The saleId, or `movement-<id>` for a movement of no sale. */
  key: z.string(),
  saleId: z.string().nullable(),
  /**
   * A till sale was recorded under `saleId` (GET /api/sales/{saleId} answers it, with its payment
   * method and cart order); false for a movement of no sale, an online order's lines and lines
   * posted one by one.
   */
  recordedSale: z.boolean(),
  /** Every line of the sale, newest first, whichever of them matched. */
  lines: z.array(ledgerTransaction),
});
export type TransactionGroupResult = z.infer<typeof transactionGroup>;

export const transactionPageResponse = z.object({
  groups: z.array(transactionGroup),
  nextBefore: z.string().nullable(),
});
export type TransactionPage = z.infer<typeof transactionPageResponse>;
