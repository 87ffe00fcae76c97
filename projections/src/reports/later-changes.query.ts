import type { Knex } from 'knex';
import { LATER_CHANGES_LIMIT, type LaterChange, type ReportSummary } from '@shop/contracts';
import { formatMoney, toInt, toIsoString } from '../shared/sql-values';
import type { ReportRange } from './report-summary.query';

interface ChangeRow {
  movement_id: string;
  direction: 'in' | 'out';
  reason: string;
  product_name: string;
  product_sku: string;
  quantity: number;
  total_value: string | null;
  actor_name: string;
  notes: string | null;
  sale_id: string | null;
  reverses: string | null;
  at: Date | string;
  effective_at: Date | string | null;
  sign: number | null;
  position_commit: string;
  position_prepare: string;
}

/** Movements of product_ledger with, for sale lines and their reversals, the date the report books them on. */
const COLUMNS = `movement_id, direction, reason, coalesce(product_name, 'Unknown Product') as product_name,
  coalesce(product_sku, '') as product_sku, quantity, total_value::text as total_value, actor_name, notes, sale_id,
  reverses, at, sale_at as effective_at, sale_sign as sign, position_commit::text as position_commit,
  position_prepare::text as position_prepare`;

/**
 * What was recorded after `knownAt` and makes the corrected report differ from the one known then
 * (read models only: the product ledger's movement rows):
 * - sale lines and reversals of sale lines booked in [from, to) but recorded after knownAt (sales figures);
 * - any other movement recorded in [from, to) after knownAt (movements and stock figures), such as a
 *   reversal entered in the period of a sale from before it.
 * Oldest first, at most LATER_CHANGES_LIMIT entries, with the full count.
 */
export async function listLaterChanges(knex: Knex, range: ReportRange): Promise<ReportSummary['recordedLater']> {
  if (!range.knownAt) return { count: 0, entries: [] };
  const knownAt = range.knownAt.toISOString();
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  // Both halves stay on their indexes: sale rows by sale_at, movements by at.
  const sales = `select ${COLUMNS} from product_ledger
    where sale_sign is not null and at > ? and sale_at >= ? and sale_at < ?`;
  const movements = `select ${COLUMNS} from product_ledger
    where movement_id is not null and at > ? and at >= ? and at < ?
      and (sale_sign is null or sale_at < ? or sale_at >= ?)`;
  const bindings = [knownAt, from, to, knownAt, from, to, from, to];
  const union = `${sales} union all ${movements}`;
  const [rows, counted] = await Promise.all([
    knex.raw<{ rows: ChangeRow[] }>(
      `select * from (${union}) changes order by at, position_commit, position_prepare limit ${LATER_CHANGES_LIMIT}`,
      bindings,
    ),
    knex.raw<{ rows: { count: string }[] }>(`select count(*) as count from (${union}) changes`, bindings),
  ]);
  return { count: toInt(counted.rows[0]?.count), entries: rows.rows.map(toChange) };
}

function toChange(row: ChangeRow): LaterChange {
  const recordedAt = toIsoString(row.at);
  const kind: LaterChange['kind'] = row.sign === -1 ? 'reversal' : row.sign === 1 ? 'sale' : 'movement';
  return {
    movementId: row.movement_id,
    kind,
    recordedAt,
    effectiveAt: row.effective_at ? toIsoString(row.effective_at) : recordedAt,
    type: row.direction,
    reason: row.reason,
    productName: row.product_name,
    productSku: row.product_sku,
    quantity: Number(row.quantity),
    totalValue: formatMoney(row.total_value),
    by: row.actor_name,
    notes: row.notes,
    saleId: row.sale_id,
    reverses: row.reverses,
  };
}
