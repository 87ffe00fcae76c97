import type { Knex } from 'knex';
import { formatNullableMoney, formatMoney, toIsoString } from '../shared/sql-values';

export interface LedgerMovement {
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

interface MovementRow {
  at: Date | string;
  product_name: string;
  product_sku: string;
  direction: 'in' | 'out';
  quantity: number;
  unit_price: string | null;
  total_value: string;
  reason: string;
  notes: string | null;
  reverses: string | null;
  /** Exact text of `at` (microseconds kept) for the keyset. */
  at_key: string;
  position_commit: string;
  position_prepare: string;
}

export interface MovementRange {
  readonly from?: Date;
  /** Exclusive. */
  readonly to?: Date;
}

/**
 * Stock movements newest first (as the Transactions page lists them), in keyset pages on
 * product_ledger_at_idx: each page is one short query, nothing held between pages.
 */
export async function* ledgerMovementPages(
  knex: Knex,
  range: MovementRange,
  pageSize = 1_000,
): AsyncGenerator<LedgerMovement[]> {
  let after: MovementRow | null = null;
  for (;;) {
    const query = knex('product_ledger')
      .select<MovementRow[]>(
        'at',
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
        knex.raw('at::text as at_key'),
        knex.raw('position_commit::text as position_commit'),
        knex.raw('position_prepare::text as position_prepare'),
      )
      .whereNotNull('movement_id')
      .orderBy([
        { column: 'at', order: 'desc' },
        { column: 'position_commit', order: 'desc' },
        { column: 'position_prepare', order: 'desc' },
      ])
      .limit(pageSize);
    if (range.from) query.where('at', '>=', range.from.toISOString());
    if (range.to) query.where('at', '<', range.to.toISOString());
    if (after) {
      query.whereRaw('(at, position_commit, position_prepare) < (?::timestamptz, ?::numeric, ?::numeric)', [
        after.at_key,
        after.position_commit,
        after.position_prepare,
      ]);
    }
    const rows = await query;
    if (rows.length === 0) return;
    yield rows.map(toMovement);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!;
  }
}

function toMovement(row: MovementRow): LedgerMovement {
  return {
    at: toIsoString(row.at),
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
