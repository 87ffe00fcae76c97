import { assertNever, defineProjection } from '../shared/projection';
import { jsonParam, positionColumns } from '../shared/sql-values';
import type { ProjectionSql } from '../shared/projection-sql';

interface StockChange {
  id: string;
  delta: number;
  /** The newest cost price received in the batch: it becomes the cost in force. */
  cost_price: string | null;
}

/**
 * Catalogue and stock levels. A batch is folded in memory first: one multi-row insert for new
 * products, one set-based update for all stock deltas, one for deletions. The three commute, so
 * applying them in that order equals applying the events one by one.
 */
export const productsProjection = defineProjection({
  name: 'products',
  handles: ['ProductCreated', 'StockReceived', 'StockIssued', 'ProductDeleted'] as const,
  tables: ['products'],
  async project(events, sql) {
    const created: object[] = [];
    const changes = new Map<string, StockChange>();
    const deleted = new Map<string, string>();
    const changeOf = (id: string): StockChange => {
      let change = changes.get(id);
      if (!change) changes.set(id, (change = { id, delta: 0, cost_price: null }));
      return change;
    };

    for (const event of events) {
      switch (event.type) {
        case 'ProductCreated': {
          const { data } = event;
          const position = positionColumns(event.position);
          created.push({
            id: data.productId,
            name: data.name,
            sku: data.sku,
            category: data.category,
            price: data.price,
            cost_price: data.costPrice,
            current_stock: data.openingStock,
            min_stock_level: data.minStockLevel,
            description: data.description,
            images: data.images,
            created_at: event.metadata.at,
            created_commit: position.commit,
            created_prepare: position.prepare,
          });
          break;
        }
        case 'StockReceived': {
          const change = changeOf(event.data.productId);
          change.delta += event.data.quantity;
          if (event.data.costPrice !== null) change.cost_price = event.data.costPrice;
          break;
        }
        case 'StockIssued':
          changeOf(event.data.productId).delta -= event.data.quantity;
          break;
        case 'ProductDeleted':
          if (!deleted.has(event.data.productId)) deleted.set(event.data.productId, event.metadata.at);
          break;
        default:
          assertNever(event);
      }
    }

    if (created.length > 0) insertProducts(sql, created);
    if (changes.size > 0) applyStockChanges(sql, [...changes.values()]);
    if (deleted.size > 0)
      markDeleted(
        sql,
        [...deleted].map(([id, at]) => ({ id, at })),
      );
  },
});

function insertProducts(sql: ProjectionSql, rows: readonly object[]) {
  sql.write(
    `insert into products (id, name, sku, category, price, cost_price, current_stock, min_stock_level,
       description, images, created_at, created_commit, created_prepare)
     select id, name, sku, category, price, cost_price, current_stock, min_stock_level,
       description, coalesce(images, '[]'::jsonb), created_at, created_commit, created_prepare
     from jsonb_to_recordset(?::jsonb) as r(id uuid, name text, sku text, category text, price numeric,
       cost_price numeric, current_stock integer, min_stock_level integer, description text, images jsonb,
       created_at timestamptz, created_commit numeric, created_prepare numeric)
     on conflict (id) do nothing`,
    [jsonParam(rows)],
  );
}

function applyStockChanges(sql: ProjectionSql, changes: readonly StockChange[]) {
  sql.write(
    `update products p
     set current_stock = p.current_stock + c.delta, cost_price = coalesce(c.cost_price, p.cost_price)
     from jsonb_to_recordset(?::jsonb) as c(id uuid, delta integer, cost_price numeric)
     where p.id = c.id`,
    [jsonParam(changes)],
  );
}

function markDeleted(sql: ProjectionSql, rows: readonly { id: string; at: string }[]) {
  sql.write(
    `update products p set deleted_at = d.at
     from jsonb_to_recordset(?::jsonb) as d(id uuid, at timestamptz)
     where p.id = d.id and p.deleted_at is null`,
    [jsonParam(rows)],
  );
}
