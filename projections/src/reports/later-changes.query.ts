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

/** Movements of stock_ledger with, for sale lines and their reversals, the date the report books them on. */
const COLUMNS = `sl.movement_id, sl.direction, sl.reason, sl.product_name, sl.product_sku, sl.quantity,
  sl.total_value::text as total_value, sl.actor_name, sl.notes, sl.sale_id, sl.reverses, sl.at,
  ls.effective_at, ls.sign, sl.position_commit::text as position_commit, sl.position_prepare::text as position_prepare`;

/**
 * What was recorded after `knownAt` and makes the corrected report differ from the one known then
 * (read models only: stock_ledger and ledger_sales):
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
  // Both halves stay on their indexes: ledger_sales by recorded_at, stock_ledger's movements by at.
  const sales = `select ${COLUMNS} from ledger_sales ls
    join stock_ledger sl on sl.movement_id = ls.movement_id and sl.product_id = ls.product_id
    where ls.recorded_at > ? and ls.effective_at >= ? and ls.effective_at < ?`;
  const movements = `select ${COLUMNS} from stock_ledger sl
    left join ledger_sales ls on ls.movement_id = sl.movement_id and ls.product_id = sl.product_id
    where sl.movement_id is not null and sl.at > ? and sl.at >= ? and sl.at < ?
      and (ls.movement_id is null or ls.effective_at < ? or ls.effective_at >= ?)`;
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
