import type { Knex } from 'knex';
import { assertNever, defineProjection, type ProjectedEventOf } from '../shared/projection';
import { jsonParam, positionColumns } from '../shared/sql-values';
import { loadLedgerProducts, saveLedgerProducts, type LedgerProduct } from './ledger-products.store';
import { LedgerRollups, insertSales, saleRow, type SaleRow } from './ledger-sales';

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
  async project(events, trx) {
    const created = new Set(events.filter((event) => event.type === 'ProductCreated').map((event) => event.data.productId));
    const known = await loadLedgerProducts(
      trx,
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
      else product = { ...product, entries: product.entries + 1 };
      touched.set(productId, product);

      // Concurrent writers can commit an earlier `at` after a later one: clamping keeps each
      // product's ledger time monotone, so "the newest entry at or before T" is well defined.
      const atMs = Date.parse(event.metadata.at);
      const ledgerAt = atMs >= product.lastAtMs ? event.metadata.at : new Date(product.lastAtMs).toISOString();
      product.lastAtMs = Math.max(atMs, product.lastAtMs);
      const base = baseRow(event, product, ledgerAt);

      switch (event.type) {
        case 'ProductCreated':
          entries.push({ ...base, quantity: event.data.openingStock, change: event.data.openingStock });
          break;
        case 'ProductDeleted':
          product.deletedAt = ledgerAt;
          entries.push({ ...base, quantity: 0, change: 0 });
          break;
        case 'StockReceived':
        case 'StockIssued': {
          const change = event.type === 'StockReceived' ? event.data.quantity : -event.data.quantity;
          product.balance += change;
          if (event.type === 'StockReceived' && event.data.costPrice !== null) product.costPrice = event.data.costPrice;
          entries.push({ ...base, ...movementColumns(event), change, balance_after: product.balance, cost_in_force: product.costPrice });
          rollups.addMovement(event);
          const sale = saleRow(event, product);
          if (sale) {
            sales.push(sale);
            rollups.addSale(sale);
          }
          break;
        }
        default:
          assertNever(event);
      }
    }

    if (entries.length > 0) await insertEntries(trx, entries);
    if (sales.length > 0) await insertSales(trx, sales);
    await rollups.save(trx);
    if (touched.size > 0) await saveLedgerProducts(trx, [...touched.values()]);
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
  const price = event.type === 'StockReceived' || event.type === 'StockIssued' ? (event.data.unitPrice ?? '0.00') : '0.00';
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

function baseRow(event: LedgerEvent, product: LedgerProduct, ledgerAt: string) {
  const position = positionColumns(event.position);
  return {
    product_id: product.productId,
    entry_no: product.entries,
    event_id: event.eventId,
    event_type: event.type,
    balance_after: product.balance,
    cost_in_force: product.costPrice,
    price_in_force: product.price,
    actor_id: event.metadata.actorId,
    actor_name: event.metadata.actorName,
    at: event.metadata.at,
    ledger_at: ledgerAt,
    product_name: product.name,
    product_sku: product.sku,
    position_commit: position.commit,
    position_prepare: position.prepare,
  };
}

function movementColumns(event: Movement) {
  const { data } = event;
  const out = event.type === 'StockIssued' ? event.data : null;
  return {
    movement_id: data.movementId,
    direction: out ? 'out' : 'in',
    quantity: data.quantity,
    reason: data.reason,
    unit_price: data.unitPrice,
    cost_price: data.costPrice,
    total_value: data.totalValue,
    original_total: out ? out.originalTotal : data.totalValue,
    discount_percentage: out ? out.discountPercentage : '0.00',
    discount_amount: out ? out.discountAmount : '0.00',
    sale_id: data.saleId,
    seller_name: data.sellerName,
    notes: data.notes,
    reverses: data.reverses?.movementId ?? null,
    stocktake_id: data.stocktake?.stocktakeId ?? null,
    expected_quantity: data.stocktake?.expectedQuantity ?? null,
    counted_quantity: data.stocktake?.countedQuantity ?? null,
  };
}

function insertEntries(trx: Knex.Transaction, rows: readonly object[]) {
  return trx.raw(
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
