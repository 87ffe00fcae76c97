import type { Knex } from 'knex';
import { formatNullableMoney, formatMoney, toIsoString } from '../shared/sql-values';
import { CREATED_AT_SQL } from '../transactions/list-transactions.query';
import { newestFirstKeyColumns, newestFirstPage, type NewestFirstKey } from './newest-first-keyset';

export interface LedgerMovement {
  /** When it happened: an offline sale's line at its time of sale. */
  readonly at: string;
  readonly productName: string;
  readonly productSku: string;
  readonly type: 'in' | 'out';
  readonly quantity: number;
  readonly unitPrice: string | null;
  readonly totalValue: string;
  readonly reason: string;
  readonly notes: string | null;
  readonly reverses: string | null;
}

interface MovementRow extends NewestFirstKey {
  /** When it happened (see CREATED_AT_SQL). */
  happened_at: Date | string;
  product_name: string;
  product_sku: string;
  direction: 'in' | 'out';
  quantity: number;
  unit_price: string | null;
  total_value: string;
  reason: string;
  notes: string | null;
  reverses: string | null;
}

export interface MovementRange {
  readonly from?: Date;
  /** Exclusive. */
  readonly to?: Date;
}

/**
 * Stock movements newest first (as the Transactions page lists them), each dated when it happened
 * (an offline sale's line at its time of sale, as the page and receipts show it), in keyset pages on
 * product_ledger_at_idx: each page is one short query, nothing held between pages. A range selects
 * by when the movement happened, as the reports count it: the movements recorded in it (less the
 * offline lines sold before it), then the offline lines sold in it but synced after its end.
 */
export async function* ledgerMovementPages(
  knex: Knex,
  range: MovementRange,
  pageSize = 1_000,
): AsyncGenerator<LedgerMovement[]> {
  yield* keysetPages(knex, pageSize, (query) => {
    // A movement happens at or before it is recorded: `at >= from` loses none of the range.
    if (range.from) query.where('at', '>=', range.from.toISOString());
    if (range.to) query.where('at', '<', range.to.toISOString());
    if (range.from) query.whereRaw(`${CREATED_AT_SQL} >= ?`, [range.from.toISOString()]);
  });
  const to = range.to;
  if (!to) return;
  yield* keysetPages(knex, pageSize, (query) => {
    query.where('sale_sign', 1).where('at', '>=', to.toISOString()).where('sale_at', '<', to.toISOString());
    if (range.from) query.where('sale_at', '>=', range.from.toISOString());
  });
}

async function* keysetPages(
  knex: Knex,
  pageSize: number,
  filter: (query: Knex.QueryBuilder) => void,
): AsyncGenerator<LedgerMovement[]> {
  let after: MovementRow | null = null;
  for (;;) {
    const query = knex('product_ledger')
      .select<MovementRow[]>(
        knex.raw(`${CREATED_AT_SQL} as happened_at`),
        // A product never seen created: the spec's name for it.
        knex.raw(`coalesce(product_name, 'Unknown Product') as product_name`),
        knex.raw(`coalesce(product_sku, '') as product_sku`),
        'direction',
        'quantity',
        knex.raw('unit_price::text as unit_price'),
        knex.raw('total_value::text as total_value'),
        'reason',
        'notes',
        'reverses',
        ...newestFirstKeyColumns(knex),
      )
      .whereNotNull('movement_id')
      .limit(pageSize);
    filter(query);
    newestFirstPage(query, after);
    const rows = await query;
    if (rows.length === 0) return;
    yield rows.map(toMovement);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!;
  }
}

function toMovement(row: MovementRow): LedgerMovement {
  return {
    at: toIsoString(row.happened_at),
    productName: row.product_name,
    productSku: row.product_sku,
    type: row.direction,
    quantity: Number(row.quantity),
    unitPrice: formatNullableMoney(row.unit_price),
    totalValue: formatMoney(row.total_value),
    reason: row.reason,
    notes: row.notes,
    reverses: row.reverses,
  };
}
