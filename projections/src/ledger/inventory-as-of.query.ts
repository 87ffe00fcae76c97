import type { Knex } from 'knex';
import { SQL_TYPES, stockStatus, type InventoryItem } from '@shop/contracts';
import { formatMoney, utcTextToIsoString } from '../shared/sql-values';

export interface InventoryQuery {
  /** null: now, from each product's running balance (no ledger probe). */
  readonly asOf: Date | null;
  /** Whether an entry exactly at `asOf` counts (true for "as of T"; false for a range's exclusive end). */
  readonly inclusive?: boolean;
}

interface InventoryRow {
  id: string;
  name: string;
  sku: string;
  category: string;
  price: string;
  cost_price: string | null;
  stock: number;
  min_stock_level: number;
  description: string | null;
  images: string[] | null;
  /** Text in UTC (the query's transaction sets the zone). */
  created_at: string;
  stock_value: string;
  created_commit: string;
  created_prepare: string;
}

/** Keyset cursor in the listing order (newest product first, as GET /api/products). */
type Cursor = Pick<InventoryRow, 'created_at' | 'created_commit' | 'created_prepare'>;

/**
 * Products that existed at `asOf` with the stock, price and cost of their newest ledger row at or
 * before it: the products are their first ledger rows (catalogue fields), and each gets one index
 * probe on product_ledger_as_of_idx (product_id, ledger_at, entry_no). A product whose newest row is
 * its deletion did not exist then.
 */
async function inventoryPage(knex: Knex, query: InventoryQuery, after: Cursor | null, limit: number | null) {
  const bindings: (string | number)[] = [];
  let bound = '';
  if (query.asOf !== null) {
    bound = ` and l.ledger_at ${query.inclusive === false ? '<' : '<='} ?`;
    bindings.push(query.asOf.toISOString());
  }
  const source = `select p.product_id, coalesce(p.product_name, 'Unknown Product') as name,
      coalesce(p.product_sku, '') as sku, p.category, p.min_stock_level, p.description, p.images,
      p.at as created_at, p.position_commit as created_commit, p.position_prepare as created_prepare,
      l.balance_after as stock, l.price_in_force as price_now, l.cost_in_force as cost_now
    from product_ledger p
    cross join lateral (
      select balance_after, price_in_force, cost_in_force, event_type from product_ledger l
      where l.product_id = p.product_id${bound}
      order by l.ledger_at desc, l.entry_no desc limit 1) l
    where p.entry_no = 1 and l.event_type <> 'ProductDeleted'`;
  // The cursor's columns only for a listing in pages.
  const cursor = limit === null ? '' : ', s.created_commit::text, s.created_prepare::text';
  let sql = `select s.product_id as id, s.name, s.sku, s.category, s.price_now::text as price, s.cost_now::text as cost_price,
      s.stock, s.min_stock_level, s.description, s.images, s.created_at::text as created_at,
      (s.price_now * s.stock)::${SQL_TYPES.rollupAmount}::text as stock_value${cursor}
    from (${source}) s`;
  if (after) {
    sql += ` where (s.created_at, s.created_commit, s.created_prepare) < (?::timestamptz, ?::numeric, ?::numeric)`;
    bindings.push(after.created_at, after.created_commit, after.created_prepare);
  }
  sql += ' order by s.created_at desc, s.created_commit desc, s.created_prepare desc';
  if (limit !== null) {
    sql += ' limit ?';
    bindings.push(limit);
  }
  // Every product is probed once, so memoizing the probes never hits: the same nested loop without
  // Memoize is faster. Times as UTC text skip two Date conversions a row. Together with the cursor's
  // columns left out, 57 → 50-55 ms at 5,000 products on PGlite (docs/benchmarks.md).
  return knex.transaction(async (trx) => {
    await trx.raw("set local enable_memoize = off; set local timezone = 'UTC'");
    return (await trx.raw<{ rows: InventoryRow[] }>(sql, bindings)).rows;
  });
}

/** numeric::text of a 2-decimal column is already "digits.dd": skip decimal.js on the hot path. */
const money = (value: string | null): string =>
  value !== null && /^-?\d+\.\d{2}$/.test(value) ? value : formatMoney(value);

function toItem(row: InventoryRow): InventoryItem {
  const currentStock = Number(row.stock);
  const minStockLevel = Number(row.min_stock_level);
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    category: row.category,
    price: money(row.price),
    costPrice: row.cost_price === null ? null : money(row.cost_price),
    currentStock,
    minStockLevel,
    description: row.description,
    images: row.images ?? [],
    createdAt: utcTextToIsoString(row.created_at),
    stockValue: money(row.stock_value),
    status: stockStatus({ currentStock, minStockLevel }),
  };
}

/** GET /api/inventory?asOf=: every product that existed then, newest first. */
export async function listInventoryAsOf(knex: Knex, query: InventoryQuery): Promise<InventoryItem[]> {
  return (await inventoryPage(knex, query, null, null)).map(toItem);
}

/**
 * The same listing in pages of `pageSize`, each page its own short query: an export never holds the
 * connection between pages (PGlite has only one) and never holds the whole listing in memory.
 */
export async function* inventoryPages(
  knex: Knex,
  query: InventoryQuery,
  pageSize = 500,
): AsyncGenerator<InventoryItem[]> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await inventoryPage(knex, query, after, pageSize);
    if (rows.length === 0) return;
    yield rows.map(toItem);
    if (rows.length < pageSize) return;
    after = rows[rows.length - 1]!;
  }
}
