import type { Knex } from 'knex';
import {
  formatTransactionCursor,
  parseTransactionCursor,
  type LedgerTransaction,
  type TransactionCursor,
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
  created_at: Date | string;
  reverses: string | null;
  reversed_by: string | null;
  stocktake_id: string | null;
  at_key: string;
  position_commit: string;
  position_prepare: string;
}

// A movement of a product never seen created shows as the spec's 'Unknown Product'; a line of a sale
// taken offline shows when it was sold (its sale_at, issue 14).
const LINE_COLUMNS = `l.movement_id, l.sale_id, l.product_id, coalesce(l.product_name, 'Unknown Product') as product_name,
  coalesce(l.product_sku, '') as product_sku, l.direction, l.quantity,
  l.unit_price::text, l.cost_price::text, l.total_value::text, l.original_total::text, l.discount_percentage::text,
  l.discount_amount::text, l.reason, l.seller_name, l.notes, l.actor_name, l.at, l.reverses, l.stocktake_id,
  case when l.sale_sign = 1 then l.sale_at else l.at end as created_at,
  (select r.movement_id from product_ledger r where r.reverses = l.movement_id limit 1) as reversed_by,
  to_char(l.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at_key,
  l.position_commit::text, l.position_prepare::text`;

const NEWEST_FIRST = 'l.at desc, l.position_commit desc, l.position_prepare desc';

/** Only text that could be (8+ characters of) a uuid is looked for in the ids: casting every id costs. */
const MAYBE_ID = /^[0-9a-f-]{8,}$/i;

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
    // One match over the text fields joined by a separator no search contains (lower + like: cheaper than ilike).
    parts.push(
      `lower(concat_ws(chr(31), ${alias}.product_name, ${alias}.product_sku, ${alias}.sale_id, ${alias}.seller_name, ${alias}.notes${
        // A movement id finds the movement and its reversal (the reversal links search by it).
        MAYBE_ID.test(query.q) ? `, ${alias}.movement_id::text, ${alias}.reverses::text` : ''
      })) like ?`,
    );
    bindings.push(`%${escapeLike(query.q.toLowerCase())}%`);
  }
  return parts.length === 0 ? null : { sql: parts.join(' and '), bindings };
}

/**
 * GET /api/transactions/groups: the Transactions page from the product ledger, newest first, a page of
 * whole groups at a time. A group (a sale's lines, or one movement) sits at its newest line and shows
 * every line when any line matches the filters. Keyset paging on the group's newest line, nothing held
 * between pages.
 */
export async function listTransactionGroups(knex: Knex, query: TransactionPageQuery): Promise<TransactionPage> {
  const cursor = query.before ? parseTransactionCursor(query.before) : null;
  const filter = rowFilter('m', query);
  const heads = filter
    ? await matchingHeads(knex, filter, cursor, query.limit + 1)
    : await allHeads(knex, cursor, query.limit + 1);
  const page = heads.slice(0, query.limit);
  const saleIds = page.flatMap((head) => (head.sale_id === null ? [] : [head.sale_id]));
  const saleLines =
    saleIds.length === 0
      ? []
      : (
          await knex.raw<{ rows: LineRow[] }>(
            `select ${LINE_COLUMNS} from product_ledger l
             where l.sale_id in (${saleIds.map(() => '?').join(', ')}) and l.movement_id is not null order by ${NEWEST_FIRST}`,
            saleIds,
          )
        ).rows;
  const recorded =
    saleIds.length === 0
      ? new Set<string>()
      : new Set(
          (
            await knex.raw<{ rows: { sale_id: string }[] }>(
              `select sale_id from sales where sale_id in (${saleIds.map(() => '?').join(', ')})`,
              saleIds,
            )
          ).rows.map((row) => row.sale_id),
        );
  const linesBySale = new Map<string, LedgerTransaction[]>();
  for (const row of saleLines) {
    const lines = linesBySale.get(row.sale_id!) ?? [];
    lines.push(toLedgerTransaction(row));
    linesBySale.set(row.sale_id!, lines);
  }
  const groups = page.map((head): TransactionGroupResult =>
    head.sale_id === null
      ? { key: `movement-${head.movement_id}`, saleId: null, recordedSale: false, lines: [toLedgerTransaction(head)] }
      : {
          key: `sale-${head.sale_id}`,
          saleId: head.sale_id,
          recordedSale: recorded.has(head.sale_id),
          lines: linesBySale.get(head.sale_id) ?? [],
        },
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

const CURSOR_SQL = '(?::timestamptz, ?::numeric, ?::numeric)';
const cursorBindings = (cursor: TransactionCursor) => [cursor.at, cursor.commit, cursor.prepare];

/** No filter: walk the movements newest first, keeping each group's newest line. */
async function allHeads(knex: Knex, cursor: TransactionCursor | null, limit: number): Promise<LineRow[]> {
  const result = await knex.raw<{ rows: LineRow[] }>(
    `select ${LINE_COLUMNS} from product_ledger l
     where l.movement_id is not null
       ${cursor ? `and (l.at, l.position_commit, l.position_prepare) < ${CURSOR_SQL}` : ''}
       and (l.sale_id is null or not exists (
         select 1 from product_ledger n where n.sale_id = l.sale_id and n.movement_id is not null
           and (n.at, n.position_commit, n.position_prepare) > (l.at, l.position_commit, l.position_prepare)))
     order by ${NEWEST_FIRST} limit ?`,
    [...(cursor ? cursorBindings(cursor) : []), limit],
  );
  return result.rows;
}

/**
 * Filtered: the matching lines in one pass; a movement of no sale heads its own group, a sale is
 * headed by its newest line (matching or not, one index probe per sale); then the page of heads.
 */
async function matchingHeads(
  knex: Knex,
  filter: { sql: string; bindings: Knex.RawBinding[] },
  cursor: TransactionCursor | null,
  limit: number,
): Promise<LineRow[]> {
  const result = await knex.raw<{ rows: LineRow[] }>(
    `with hits as materialized (
       select m.sale_id, m.movement_id, m.at, m.position_commit, m.position_prepare
       from product_ledger m where m.movement_id is not null and ${filter.sql}
     ), heads as (
       select movement_id, at, position_commit, position_prepare from hits where sale_id is null
       union all
       select newest.* from (select distinct sale_id from hits where sale_id is not null) sales
       cross join lateral (
         select n.movement_id, n.at, n.position_commit, n.position_prepare from product_ledger n
         where n.sale_id = sales.sale_id and n.movement_id is not null
         order by n.at desc, n.position_commit desc, n.position_prepare desc limit 1) newest
     ), page as (
       select * from heads
       ${cursor ? `where (at, position_commit, position_prepare) < ${CURSOR_SQL}` : ''}
       order by at desc, position_commit desc, position_prepare desc limit ?
     )
     select ${LINE_COLUMNS} from page p join product_ledger l on l.movement_id = p.movement_id
     order by ${NEWEST_FIRST}`,
    [...filter.bindings, ...(cursor ? cursorBindings(cursor) : []), limit],
  );
  return result.rows;
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
    createdAt: toIsoString(row.created_at),
    reverses: row.reverses,
    reversedBy: row.reversed_by,
    stocktakeId: row.stocktake_id,
    recordedBy: row.actor_name,
  };
}
