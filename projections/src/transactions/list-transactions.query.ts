import type { Knex } from 'knex';
import type { Transaction } from '@shop/contracts';
import { BatchedLookup } from '@shop/infrastructure';
import { formatMoney, formatNullableMoney, isUuid, toIsoString } from '../shared/sql-values';
import { newestFirstKeyColumns, newestFirstPage, type NewestFirstKey } from '../ledger/newest-first-keyset';

export interface TransactionRow {
  id: string;
  sale_id: string | null;
  product_id: string;
  product_name: string | null;
  product_sku: string | null;
  type: 'in' | 'out';
  quantity: number;
  unit_price: string | null;
  cost_price: string | null;
  total_value: string;
  reason: string;
  seller_name: string;
  discount_percentage: string;
  discount_amount: string;
  original_total: string | null;
  notes: string | null;
  created_at: Date | string;
}

/** The Transactions page reads the movement rows of the product ledger, in its own words. */
const TRANSACTION_COLUMNS = [
  'movement_id as id',
  'sale_id',
  'product_id',
  'product_name',
  'product_sku',
  'direction as type',
  'quantity',
  'unit_price',
  'cost_price',
  'total_value',
  'reason',
  'seller_name',
  'discount_percentage',
  'discount_amount',
  'original_total',
  'notes',
] as const;

/** A line of a sale taken offline shows when it was sold (its sale_at, issue 14); any other movement when recorded. */
export const CREATED_AT_SQL = 'case when sale_sign = 1 then sale_at else at end';

const transactionColumns = (knex: Knex) => [...TRANSACTION_COLUMNS, knex.raw(`${CREATED_AT_SQL} as created_at`)];

/** GET /api/transactions: every movement, newest first; `limit` for callers that need only the top, `saleId` for one sale. */
export async function listTransactions(
  knex: Knex,
  options: { limit?: number; saleId?: string } = {},
): Promise<Transaction[]> {
  const query = knex('product_ledger')
    .select<TransactionRow[]>(transactionColumns(knex))
    .whereNotNull('movement_id')
    .orderBy([
      { column: 'at', order: 'desc' },
      { column: 'position_commit', order: 'desc' },
      { column: 'position_prepare', order: 'desc' },
    ]);
  if (options.limit !== undefined) query.limit(options.limit);
  if (options.saleId !== undefined) query.where({ sale_id: options.saleId });
  const rows = await query;
  return rows.map(toTransactionResponse);
}

/**
 * The `count` movements that happened last (by createdAt: a sale taken offline counts when it was
 * sold), as the dashboard's Recent Transactions lists them, without reading every movement. A
 * movement happens at or before it is recorded (createdAt <= at), so the `count` recorded last bound
 * the answer from below: every movement that happened after the earliest of theirs was recorded after
 * it too, and the index on `at` finds those.
 */
export async function newestTransactions(knex: Knex, count: number): Promise<Transaction[]> {
  const recordedLast = await knex('product_ledger')
    .select<{ created_at: Date | string }[]>(knex.raw(`${CREATED_AT_SQL} as created_at`))
    .whereNotNull('movement_id')
    .orderBy([
      { column: 'at', order: 'desc' },
      { column: 'position_commit', order: 'desc' },
      { column: 'position_prepare', order: 'desc' },
    ])
    .limit(count);
  if (recordedLast.length === 0) return [];
  const since = recordedLast.map((row) => toIsoString(row.created_at)).sort()[0]!;
  const rows = await knex('product_ledger')
    .select<TransactionRow[]>(transactionColumns(knex))
    .whereNotNull('movement_id')
    .where('at', '>=', since)
    .orderByRaw(`${CREATED_AT_SQL} desc, at desc, position_commit desc, position_prepare desc`)
    .limit(count);
  return rows.map(toTransactionResponse);
}

/**
 * Every movement, newest first as listTransactions, a page at a time (keyset on the row's time and
 * position, product_ledger_at_idx): a caller can send each page on before the next is read.
 */
export async function* transactionPages(knex: Knex, pageSize = 1_000): AsyncGenerator<Transaction[]> {
  let after: NewestFirstKey | null = null;
  for (;;) {
    const query = knex('product_ledger')
      .select<(TransactionRow & NewestFirstKey)[]>(...transactionColumns(knex), ...newestFirstKeyColumns(knex))
      .whereNotNull('movement_id')
      .limit(pageSize);
    newestFirstPage(query, after);
    const rows = await query;
    if (rows.length > 0) yield rows.map(toTransactionResponse);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!;
  }
}

/** One movement by id (= movementId), or null. */
export async function getTransaction(knex: Knex, id: string): Promise<Transaction | null> {
  if (!isUuid(id)) return null;
  const row = await lookupFor(knex).load(id.toLowerCase());
  return row ? toTransactionResponse(row) : null;
}

// Each recorded movement is read back right after its write: concurrent ones share a query.
const lookups = new WeakMap<Knex, BatchedLookup<string, TransactionRow>>();

function lookupFor(knex: Knex): BatchedLookup<string, TransactionRow> {
  let lookup = lookups.get(knex);
  if (!lookup) {
    lookup = new BatchedLookup(async (ids) => {
      const rows = await knex('product_ledger')
        .select<TransactionRow[]>(transactionColumns(knex))
        .whereIn('movement_id', ids);
      return new Map(rows.map((row) => [row.id, row]));
    });
    lookups.set(knex, lookup);
  }
  return lookup;
}

export function toTransactionResponse(row: TransactionRow): Transaction {
  return {
    id: row.id,
    saleId: row.sale_id,
    productId: row.product_id,
    productName: row.product_name,
    productSku: row.product_sku,
    type: row.type,
    quantity: Number(row.quantity),
    unitPrice: formatNullableMoney(row.unit_price),
    costPrice: formatNullableMoney(row.cost_price),
    totalValue: formatMoney(row.total_value),
    reason: row.reason,
    sellerName: row.seller_name,
    discountPercentage: formatMoney(row.discount_percentage),
    discountAmount: formatMoney(row.discount_amount),
    originalTotal: formatNullableMoney(row.original_total),
    notes: row.notes,
    createdAt: toIsoString(row.created_at),
  };
}
