import type { Knex } from 'knex';
import type { Transaction } from '@shop/contracts';
import { BatchedLookup } from '@shop/infrastructure';
import { formatMoney, formatNullableMoney, isUuid, toIsoString } from '../shared/sql-values';

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
