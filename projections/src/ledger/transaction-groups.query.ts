import type { Knex } from 'knex';
import {
  formatTransactionCursor,
  parseTransactionCursor,
  type LedgerTransaction,
  type TransactionGroupResult,
  type TransactionPage,
  type TransactionPageQuery,
} from '@shop/contracts';
import { formatMoney, formatNullableMoney, toIsoString } from '../shared/sql-values';

interface LineRow {
  movement_id: string;
  sale_id: string | null;
  product_id: string;
  product_name: string;
  product_sku: string;
  direction: 'in' | 'out';
  quantity: number;
  unit_price: string | null;
  cost_price: string | null;
  total_value: string;
  original_total: string | null;
  discount_percentage: string | null;
  discount_amount: string | null;
  reason: string;
  seller_name: string | null;
  notes: string | null;
  actor_name: string;
  at: Date | string;
  reverses: string | null;
  reversed_by: string | null;
  stocktake_id: string | null;
  at_key: string;
  position_commit: string;
  position_prepare: string;
}

const LINE_COLUMNS = `l.movement_id, l.sale_id, l.product_id, l.product_name, l.product_sku, l.direction, l.quantity,
  l.unit_price::text, l.cost_price::text, l.total_value::text, l.original_total::text, l.discount_percentage::text,
  l.discount_amount::text, l.reason, l.seller_name, l.notes, l.actor_name, l.at, l.reverses, l.stocktake_id,
  (select r.movement_id from stock_ledger r where r.reverses = l.movement_id limit 1) as reversed_by,
  to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key,
  l.position_commit::text, l.position_prepare::text`;

const NEWEST_FIRST = 'l.at desc, l.position_commit desc, l.position_prepare desc';

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The filter on one ledger row `alias`, as SQL and bindings; null when nothing filters. */
function rowFilter(alias: string, query: TransactionPageQuery): { sql: string; bindings: Knex.RawBinding[] } | null {
  const parts: string[] = [];
  const bindings: Knex.RawBinding[] = [];
  if (query.type) {
    parts.push(`${alias}.direction = ?`);
    bindings.push(query.type);
  }
  if (query.reason) {
    parts.push(`${alias}.reason = ?`);
    bindings.push(query.reason);
  }
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    // A movement id finds the movement and its reversal (the reversal links jump to both).
    const fields = [
      'product_name',
      'product_sku',
      'sale_id',
      'seller_name',
      'notes',
      'movement_id::text',
      'reverses::text',
    ];
    parts.push(`(${fields.map((field) => `${alias}.${field} ilike ?`).join(' or ')})`);
    bindings.push(...fields.map(() => pattern));
  }
  return parts.length === 0 ? null : { sql: parts.join(' and '), bindings };
}

/**
 * GET /api/transactions/groups: the Transactions page from the stock ledger, newest first, a page of
 * whole groups at a time. A group (a sale's lines, or one movement) sits at its newest line and shows
 * every line when any line matches the filters. Keyset paging on the group's newest line: each page
 * walks stock_ledger_movements_at_idx and probes stock_ledger_sale_idx, nothing held between pages.
 */
export async function listTransactionGroups(knex: Knex, query: TransactionPageQuery): Promise<TransactionPage> {
  const bindings: Knex.RawBinding[] = [];
  const where = ['l.movement_id is not null'];
  const cursor = query.before ? parseTransactionCursor(query.before) : null;
  if (cursor) {
    where.push('(l.at, l.position_commit, l.position_prepare) < (?::timestamptz, ?::numeric, ?::numeric)');
    bindings.push(cursor.at, cursor.commit, cursor.prepare);
  }
  // Only a group's newest line heads it.
  where.push(`(l.sale_id is null or not exists (
    select 1 from stock_ledger n where n.sale_id = l.sale_id and n.movement_id is not null
      and (n.at, n.position_commit, n.position_prepare) > (l.at, l.position_commit, l.position_prepare)))`);
  const onLine = rowFilter('l', query);
  const onSaleLine = rowFilter('m', query);
  if (onLine && onSaleLine) {
    where.push(`((l.sale_id is null and ${onLine.sql}) or (l.sale_id is not null and exists (
      select 1 from stock_ledger m where m.sale_id = l.sale_id and m.movement_id is not null and ${onSaleLine.sql})))`);
    bindings.push(...onLine.bindings, ...onSaleLine.bindings);
  }
  const heads = (
    await knex.raw<{ rows: LineRow[] }>(
      `select ${LINE_COLUMNS} from stock_ledger l where ${where.join(' and ')} order by ${NEWEST_FIRST} limit ?`,
      [...bindings, query.limit + 1],
    )
  ).rows;
  const page = heads.slice(0, query.limit);
  const saleIds = page.flatMap((head) => (head.sale_id === null ? [] : [head.sale_id]));
  const saleLines =
    saleIds.length === 0
      ? []
      : (
          await knex.raw<{ rows: LineRow[] }>(
            `select ${LINE_COLUMNS} from stock_ledger l
             where l.sale_id in (${saleIds.map(() => '?').join(', ')}) and l.movement_id is not null order by ${NEWEST_FIRST}`,
            saleIds,
          )
        ).rows;
  const linesBySale = new Map<string, LedgerTransaction[]>();
  for (const row of saleLines) {
    const lines = linesBySale.get(row.sale_id!) ?? [];
    lines.push(toLedgerTransaction(row));
    linesBySale.set(row.sale_id!, lines);
  }
  const groups = page.map((head): TransactionGroupResult =>
    head.sale_id === null
      ? { key: `movement-${head.movement_id}`, saleId: null, lines: [toLedgerTransaction(head)] }
      : { key: `sale-${head.sale_id}`, saleId: head.sale_id, lines: linesBySale.get(head.sale_id) ?? [] },
  );
  const last = page.at(-1);
  return {
    groups,
    nextBefore:
      heads.length > query.limit && last
        ? formatTransactionCursor({ at: last.at_key, commit: last.position_commit, prepare: last.position_prepare })
        : null,
  };
}

function toLedgerTransaction(row: LineRow): LedgerTransaction {
  const isOut = row.direction === 'out';
  return {
    id: row.movement_id,
    saleId: row.sale_id,
    productId: row.product_id,
    productName: row.product_name,
    productSku: row.product_sku,
    type: row.direction,
    quantity: Number(row.quantity),
    unitPrice: formatNullableMoney(row.unit_price),
    costPrice: formatNullableMoney(row.cost_price),
    totalValue: formatMoney(row.total_value),
    reason: row.reason,
    sellerName: row.seller_name ?? row.actor_name,
    discountPercentage: formatMoney(isOut ? row.discount_percentage : 0),
    discountAmount: formatMoney(isOut ? row.discount_amount : 0),
    originalTotal: formatNullableMoney(row.original_total ?? (isOut ? null : row.total_value)),
    notes: row.notes,
    createdAt: toIsoString(row.at),
    reverses: row.reverses,
    reversedBy: row.reversed_by,
    stocktakeId: row.stocktake_id,
    recordedBy: row.actor_name,
  };
}
