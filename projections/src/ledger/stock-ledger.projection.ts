import { lagosBusinessDay } from '../shared/lagos-business-day';
import { assertNever, defineProjection, type ProjectedEventOf } from '../shared/projection';
import { jsonParam, positionColumns } from '../shared/sql-values';
import { loadLedgerProducts, saveLedgerProducts, type LedgerProduct } from './ledger-products.store';
import { LedgerRollups, insertSales, saleRow, type SaleRow } from './ledger-sales';
import type { ProjectionSql } from '../shared/projection-sql';

type LedgerEvent = ProjectedEventOf<'ProductCreated' | 'StockReceived' | 'StockIssued' | 'ProductDeleted'>;
type Movement = ProjectedEventOf<'StockReceived' | 'StockIssued'>;

/**
 * The stock ledger (stock_ledger, ledger_sales, ledger_products). Each batch loads the state of the
 * products it touches once, folds the events in memory in stream order (entry number, balance,
 * cost in force, a per-product monotone ledger time), then writes with one multi-row insert per table.
 */
export const stockLedgerProjection = defineProjection({
  name: 'stock_ledger',
  handles: ['ProductCreated', 'StockReceived', 'StockIssued', 'ProductDeleted'] as const,
  tables: ['stock_ledger', 'ledger_sales', 'ledger_products', 'ledger_sales_daily', 'ledger_movements_daily'],
  async project(events, sql) {
    const created = new Set(
      events.filter((event) => event.type === 'ProductCreated').map((event) => event.data.productId),
    );
    const known = await loadLedgerProducts(
      sql,
      [...new Set(events.map((event) => event.data.productId))].filter((id) => !created.has(id)),
    );
    const touched = new Map<string, LedgerProduct>();
    const entries: object[] = [];
    const sales: SaleRow[] = [];
    const rollups = new LedgerRollups();

    for (const event of events) {
      const productId = event.data.productId;
      let product = touched.get(productId) ?? known.get(productId);
      if (event.type === 'ProductCreated') product = fromCreation(event);
      else if (!product) product = unknownProduct(event);
      else product.entries += 1; // batch-local state: loaded for this batch, saved at its end
      touched.set(productId, product);

      // Concurrent writers can commit an earlier `at` after a later one: clamping keeps each
      // product's ledger time monotone, so "the newest entry at or before T" is well defined.
      const atMs = Date.parse(event.metadata.at);
      const ledgerAt = atMs >= product.lastAtMs ? event.metadata.at : new Date(product.lastAtMs).toISOString();
      product.lastAtMs = Math.max(atMs, product.lastAtMs);

      switch (event.type) {
        case 'ProductCreated':
          entries.push(entryRow(event, product, ledgerAt, event.data.openingStock, event.data.openingStock));
          break;
        case 'ProductDeleted':
          product.deletedAt = ledgerAt;
          entries.push(entryRow(event, product, ledgerAt, 0, 0));
          break;
        case 'StockReceived':
        case 'StockIssued': {
          const change = event.type === 'StockReceived' ? event.data.quantity : -event.data.quantity;
          product.balance += change;
          if (event.type === 'StockReceived' && event.data.costPrice !== null) product.costPrice = event.data.costPrice;
          entries.push(entryRow(event, product, ledgerAt, event.data.quantity, change));
          const day = lagosBusinessDay(event.metadata.at);
          rollups.addMovement(event, day);
          const sale = saleRow(event, product);
          if (sale) {
            sales.push(sale);
            rollups.addSale(sale, day);
          }
          break;
        }
        default:
          assertNever(event);
      }
    }

    if (entries.length > 0) insertEntries(sql, entries);
    if (sales.length > 0) insertSales(sql, sales);
    rollups.save(sql);
    if (touched.size > 0) saveLedgerProducts(sql, [...touched.values()]);
  },
});

function fromCreation(event: ProjectedEventOf<'ProductCreated'>): LedgerProduct {
  const { data } = event;
  const position = positionColumns(event.position);
  return {
    productId: data.productId,
    name: data.name,
    sku: data.sku,
    category: data.category,
    price: data.price,
    costPrice: data.costPrice,
    minStockLevel: data.minStockLevel,
    description: data.description,
    images: data.images,
    createdAt: event.metadata.at,
    deletedAt: null,
    balance: data.openingStock,
    entries: 1,
    lastAtMs: Date.parse(event.metadata.at),
    createdCommit: position.commit,
    createdPrepare: position.prepare,
  };
}

/** A movement for a product the ledger never saw created: kept, under the spec's 'Unknown Product'. */
function unknownProduct(event: LedgerEvent): LedgerProduct {
  const position = positionColumns(event.position);
  const price =
    event.type === 'StockReceived' || event.type === 'StockIssued' ? (event.data.unitPrice ?? '0.00') : '0.00';
  return {
    productId: event.data.productId,
    name: 'Unknown Product',
    sku: '',
    category: '',
    price,
    costPrice: null,
    minStockLevel: 0,
    description: null,
    images: [],
    createdAt: event.metadata.at,
    deletedAt: null,
    balance: 0,
    entries: 1,
    lastAtMs: Date.parse(event.metadata.at),
    createdCommit: position.commit,
    createdPrepare: position.prepare,
  };
}

/**
 * One stock_ledger row, every column present in the same order for every event: one object per
 * event and one shape for all, which keeps a rebuild's hot loop light on the garbage collector.
 */
function entryRow(event: LedgerEvent, product: LedgerProduct, ledgerAt: string, quantity: number, change: number) {
  const movement: Movement | null = event.type === 'StockReceived' || event.type === 'StockIssued' ? event : null;
  const data = movement?.data;
  const out = movement?.type === 'StockIssued' ? movement.data : null;
  return {
    product_id: product.productId,
    entry_no: product.entries,
    event_id: event.eventId,
    event_type: event.type,
    movement_id: data ? data.movementId : null,
    direction: data ? (out ? 'out' : 'in') : null,
    quantity,
    change,
    balance_after: product.balance,
    reason: data ? data.reason : null,
    unit_price: data ? data.unitPrice : null,
    cost_price: data ? data.costPrice : null,
    cost_in_force: product.costPrice,
    price_in_force: product.price,
    total_value: data ? data.totalValue : null,
    original_total: out ? out.originalTotal : data ? data.totalValue : null,
    discount_percentage: out ? out.discountPercentage : data ? '0.00' : null,
    discount_amount: out ? out.discountAmount : data ? '0.00' : null,
    sale_id: data ? data.saleId : null,
    seller_name: data ? data.sellerName : null,
    notes: data ? data.notes : null,
    actor_id: event.metadata.actorId,
    actor_name: event.metadata.actorName,
    at: event.metadata.at,
    ledger_at: ledgerAt,
    reverses: data?.reverses ? data.reverses.movementId : null,
    stocktake_id: data?.stocktake ? data.stocktake.stocktakeId : null,
    expected_quantity: data?.stocktake ? data.stocktake.expectedQuantity : null,
    counted_quantity: data?.stocktake ? data.stocktake.countedQuantity : null,
    product_name: product.name,
    product_sku: product.sku,
    position_commit: event.position.commit.toString(),
    position_prepare: event.position.prepare.toString(),
  };
}

function insertEntries(sql: ProjectionSql, rows: readonly object[]) {
  sql.write(
    `insert into stock_ledger (product_id, entry_no, event_id, event_type, movement_id, direction, quantity, change,
       balance_after, reason, unit_price, cost_price, cost_in_force, price_in_force, total_value, original_total,
       discount_percentage, discount_amount, sale_id, seller_name, notes, actor_id, actor_name, at, ledger_at,
       reverses, stocktake_id, expected_quantity, counted_quantity, product_name, product_sku,
       position_commit, position_prepare)
     select product_id, entry_no, event_id, event_type, movement_id, direction, quantity, change,
       balance_after, reason, unit_price, cost_price, cost_in_force, price_in_force, total_value, original_total,
       discount_percentage, discount_amount, sale_id, seller_name, notes, actor_id, actor_name, at, ledger_at,
       reverses, stocktake_id, expected_quantity, counted_quantity, product_name, product_sku,
       position_commit, position_prepare
     from jsonb_to_recordset(?::jsonb) as r(product_id uuid, entry_no integer, event_id uuid, event_type text,
       movement_id uuid, direction text, quantity integer, change integer, balance_after integer, reason text,
       unit_price numeric, cost_price numeric, cost_in_force numeric, price_in_force numeric, total_value numeric,
       original_total numeric, discount_percentage numeric, discount_amount numeric, sale_id text, seller_name text,
       notes text, actor_id text, actor_name text, at timestamptz, ledger_at timestamptz, reverses uuid,
       stocktake_id uuid, expected_quantity integer, counted_quantity integer, product_name text, product_sku text,
       position_commit numeric, position_prepare numeric)`,
    [jsonParam(rows)],
  );
}
