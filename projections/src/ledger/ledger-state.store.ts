import { jsonParam } from '../shared/sql-values';
import type { ProjectionSql } from '../shared/projection-sql';

/** What a product's next ledger row continues from: the values of its newest row. */
export interface LedgerState {
  productId: string;
  /** null: never seen created ('Unknown Product'). */
  name: string | null;
  sku: string | null;
  category: string;
  price: string;
  costPrice: string | null;
  balance: number;
  entries: number;
  /** Newest ledger time so far, in epoch ms. */
  lastAtMs: number;
}

interface NewestRow {
  product_id: string;
  entry_no: number;
  balance_after: number;
  cost_in_force: string | null;
  price_in_force: string;
  ledger_at: Date | string;
  product_name: string | null;
  product_sku: string | null;
  category: string;
}

/** The newest row of each product: one backward probe of the primary key per product. */
export async function loadLedgerState(sql: ProjectionSql, ids: readonly string[]): Promise<Map<string, LedgerState>> {
  if (ids.length === 0) return new Map();
  const rows = await sql.query<NewestRow>(
    `select l.product_id, l.entry_no, l.balance_after, l.cost_in_force::text, l.price_in_force::text, l.ledger_at,
       l.product_name, l.product_sku, l.category
     from (select value::uuid as id from jsonb_array_elements_text(?::jsonb)) p
     cross join lateral (select * from product_ledger where product_id = p.id order by entry_no desc limit 1) l`,
    [jsonParam(ids)],
  );
  return new Map(
    rows.map((row) => [
      row.product_id,
      {
        productId: row.product_id,
        name: row.product_name,
        sku: row.product_sku,
        category: row.category,
        price: normalise(row.price_in_force),
        costPrice: row.cost_in_force === null ? null : normalise(row.cost_in_force),
        balance: Number(row.balance_after),
        entries: Number(row.entry_no),
        lastAtMs: new Date(row.ledger_at).getTime(),
      },
    ]),
  );
}

/** numeric(12,2)::text is already "digits.dd"; kept exact, never through a float. */
function normalise(text: string): string {
  const [whole = '0', fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}
