import { jsonParam } from '../shared/sql-values';
import type { ProjectionSql } from '../shared/projection-sql';

/** The stock ledger's own running state per product: what the next entry continues from. */
export interface LedgerProduct {
  productId: string;
  name: string;
  sku: string;
  category: string;
  price: string;
  costPrice: string | null;
  minStockLevel: number;
  description: string | null;
  images: readonly string[];
  createdAt: string;
  deletedAt: string | null;
  balance: number;
  entries: number;
  /** Newest ledger time so far, in epoch ms. */
  lastAtMs: number;
  createdCommit: string;
  createdPrepare: string;
}

interface LedgerProductRow {
  product_id: string;
  name: string;
  sku: string;
  category: string;
  price: string;
  cost_price: string | null;
  min_stock_level: number;
  description: string | null;
  images: string[] | null;
  created_at: Date | string;
  deleted_at: Date | string | null;
  balance: number;
  entries: number;
  last_at: Date | string;
  created_commit: string;
  created_prepare: string;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export async function loadLedgerProducts(
  sql: ProjectionSql,
  ids: readonly string[],
): Promise<Map<string, LedgerProduct>> {
  if (ids.length === 0) return new Map();
  const rows = await sql.query<LedgerProductRow>(
    `select product_id, name, sku, category, price::text, cost_price::text, min_stock_level, description, images,
       created_at, deleted_at, balance, entries, last_at, created_commit::text, created_prepare::text
     from ledger_products where product_id in (select value::uuid from jsonb_array_elements_text(?::jsonb))`,
    [jsonParam(ids)],
  );
  return new Map(
    rows.map((row) => [
      row.product_id,
      {
        productId: row.product_id,
        name: row.name,
        sku: row.sku,
        category: row.category,
        price: normalise(row.price),
        costPrice: row.cost_price === null ? null : normalise(row.cost_price),
        minStockLevel: Number(row.min_stock_level),
        description: row.description,
        images: row.images ?? [],
        createdAt: iso(row.created_at),
        deletedAt: row.deleted_at === null ? null : iso(row.deleted_at),
        balance: Number(row.balance),
        entries: Number(row.entries),
        lastAtMs: new Date(row.last_at).getTime(),
        createdCommit: row.created_commit,
        createdPrepare: row.created_prepare,
      },
    ]),
  );
}

/** numeric(10,2)::text is already "digits.dd"; kept exact, never through a float. */
function normalise(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}

/** Inserts new products, moves the running state of known ones; the catalogue fields never change. */
export function saveLedgerProducts(sql: ProjectionSql, products: readonly LedgerProduct[]) {
  const rows = products.map((product) => ({
    product_id: product.productId,
    name: product.name,
    sku: product.sku,
    category: product.category,
    price: product.price,
    cost_price: product.costPrice,
    min_stock_level: product.minStockLevel,
    description: product.description,
    images: product.images,
    created_at: product.createdAt,
    deleted_at: product.deletedAt,
    balance: product.balance,
    entries: product.entries,
    last_at: new Date(product.lastAtMs).toISOString(),
    created_commit: product.createdCommit,
    created_prepare: product.createdPrepare,
  }));
  sql.write(
    `insert into ledger_products as p (product_id, name, sku, category, price, cost_price, min_stock_level, description,
       images, created_at, deleted_at, balance, entries, last_at, created_commit, created_prepare)
     select product_id, name, sku, category, price, cost_price, min_stock_level, description,
       coalesce(images, '[]'::jsonb), created_at, deleted_at, balance, entries, last_at, created_commit, created_prepare
     from jsonb_to_recordset(?::jsonb) as r(product_id uuid, name text, sku text, category text, price numeric,
       cost_price numeric, min_stock_level integer, description text, images jsonb, created_at timestamptz,
       deleted_at timestamptz, balance integer, entries integer, last_at timestamptz, created_commit numeric,
       created_prepare numeric)
     on conflict (product_id) do update set cost_price = excluded.cost_price, deleted_at = excluded.deleted_at,
       balance = excluded.balance, entries = excluded.entries, last_at = excluded.last_at`,
    [jsonParam(rows)],
  );
}
