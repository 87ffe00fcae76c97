import type { Knex } from 'knex';
import { stockStatus, type HistoryEntry, type ProductHistory } from '@shop/contracts';
import { formatMoney, formatNullableMoney, isUuid, toIsoString } from '../shared/sql-values';

interface EntryRow {
  entry_no: number;
  at: Date | string;
  sold_offline_at: Date | string | null;
  event_type: HistoryEntry['event'];
  direction: 'in' | 'out' | null;
  quantity: number;
  change: number;
  balance_after: number;
  actor_name: string;
  seller_name: string | null;
  reason: string | null;
  notes: string | null;
  sale_id: string | null;
  movement_id: string | null;
  unit_price: string | null;
  cost_price: string | null;
  cost_in_force: string | null;
  previous_cost: string | null;
  price_in_force: string;
  total_value: string | null;
  original_total: string | null;
  discount_amount: string | null;
  discount_percentage: string | null;
  reverses: string | null;
  reversed_by: string | null;
  stocktake_id: string | null;
  expected_quantity: number | null;
  counted_quantity: number | null;
  ledger_at: Date | string;
  product_name: string;
  product_sku: string;
  category: string;
  min_stock_level: number | null;
}

/**
 * GET /api/products/:id/history: every ledger entry of a product, oldest first, kept after deletion.
 * The previous cost comes from the entry before (lag), the reversing movement from the reverses index.
 */
export async function getProductHistory(
  knex: Knex,
  productId: string,
  options: { sinceLastAboveMin?: boolean } = {},
): Promise<ProductHistory | null> {
  if (!isUuid(productId)) return null;
  const result = await knex.raw<{ rows: EntryRow[] }>(
    `select l.entry_no, l.at,
       case when l.sale_sign = 1 and l.sale_at <> l.at then l.sale_at end as sold_offline_at, l.event_type, l.direction, l.quantity, l.change, l.balance_after, l.actor_name,
       l.seller_name, l.reason, l.notes, l.sale_id, l.movement_id, l.unit_price::text, l.cost_price::text,
       l.cost_in_force::text, (lag(l.cost_in_force) over (order by l.entry_no))::text as previous_cost,
       l.price_in_force::text, l.total_value::text, l.original_total::text, l.discount_amount::text,
       l.discount_percentage::text, l.reverses, r.movement_id as reversed_by, l.stocktake_id, l.expected_quantity,
       l.counted_quantity, l.ledger_at, coalesce(l.product_name, 'Unknown Product') as product_name,
       coalesce(l.product_sku, '') as product_sku, l.category, l.min_stock_level
     from product_ledger l
     left join product_ledger r on r.reverses = l.movement_id and r.product_id = l.product_id
     where l.product_id = ?
     order by l.entry_no`,
    [productId],
  );
  // The product is its first row (catalogue) and its newest (stock, cost in force, deletion).
  const first = result.rows[0];
  const newest = result.rows[result.rows.length - 1];
  if (!first || !newest) return null;
  const entries = result.rows.map(toEntry);
  const minStockLevel = Number(first.min_stock_level);
  const currentStock = Number(newest.balance_after);
  const deleted = newest.event_type === 'ProductDeleted';

  // The entries after the last one that left the stock above the minimum brought it where it is.
  const lastAbove = entries.findLastIndex((entry) => entry.balanceAfter > minStockLevel);
  const sinceLow = entries.slice(lastAbove + 1);
  const lowStock =
    !deleted && currentStock <= minStockLevel && sinceLow.length > 0
      ? {
          since: sinceLow[0]!.at,
          entryNos: sinceLow.filter((entry) => entry.change !== 0).map((entry) => entry.entryNo),
        }
      : null;

  return {
    product: {
      id: productId.toLowerCase(),
      name: first.product_name,
      sku: first.product_sku,
      category: first.category,
      price: formatMoney(first.price_in_force),
      costPrice: formatNullableMoney(newest.cost_in_force),
      minStockLevel,
      currentStock,
      status: stockStatus({ currentStock, minStockLevel }),
      createdAt: toIsoString(first.at),
      deletedAt: deleted ? toIsoString(newest.ledger_at) : null,
    },
    entries: options.sinceLastAboveMin ? sinceLow : entries,
    lowStock,
  };
}

function toEntry(row: EntryRow): HistoryEntry {
  const costInForce = formatNullableMoney(row.cost_in_force);
  const previousCost = formatNullableMoney(row.previous_cost);
  return {
    entryNo: Number(row.entry_no),
    at: toIsoString(row.at),
    soldAt: row.sold_offline_at === null ? null : toIsoString(row.sold_offline_at),
    event: row.event_type,
    type: row.direction,
    quantity: Number(row.quantity),
    change: Number(row.change),
    balanceAfter: Number(row.balance_after),
    by: row.actor_name,
    staff: row.seller_name,
    reason: row.reason,
    notes: row.notes,
    saleId: row.sale_id,
    movementId: row.movement_id,
    unitPrice: formatNullableMoney(row.unit_price),
    costPrice: formatNullableMoney(row.cost_price),
    costInForce,
    previousCost,
    costChanged: Number(row.entry_no) > 1 && costInForce !== previousCost,
    price: formatMoney(row.price_in_force),
    totalValue: formatNullableMoney(row.total_value),
    originalTotal: formatNullableMoney(row.original_total),
    discountAmount: formatNullableMoney(row.discount_amount),
    discountPercentage: row.discount_percentage === null ? null : formatMoney(row.discount_percentage),
    reference: row.reverses,
    reversedBy: row.reversed_by,
    stocktake:
      row.stocktake_id === null
        ? null
        : {
            stocktakeId: row.stocktake_id,
            expectedQuantity: Number(row.expected_quantity),
            countedQuantity: Number(row.counted_quantity),
          },
  };
}
