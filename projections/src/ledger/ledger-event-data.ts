import type { ProjectedEventOf } from '../shared/projection';

type LedgerEvent = ProjectedEventOf<'ProductCreated' | 'StockReceived' | 'StockIssued' | 'ProductDeleted'>;

/**
 * A product event's data, as the audit trail's details, from its product_ledger row (SQL over the
 * row, for GET /api/audit). Every field of a product event is a column of its row already, so the
 * row gives the data back instead of carrying a jsonb copy of it: parsing that copy was a large part
 * of the database's work per ledger row (docs/benchmarks.md, fourteenth sitting). `details_extra`
 * holds what the columns cannot give back as the event wrote it (see ledgerDetailsExtra); its keys win.
 */
export const LEDGER_EVENT_DATA_SQL = `(case event_type
  when 'ProductCreated' then jsonb_build_object('productId', product_id, 'name', product_name, 'sku', product_sku,
    'category', category, 'price', price_in_force::text, 'costPrice', cost_in_force::text, 'openingStock', quantity,
    'minStockLevel', min_stock_level, 'description', description, 'images', images)
  when 'ProductDeleted' then jsonb_build_object('productId', product_id)
  else jsonb_build_object('productId', product_id, 'movementId', movement_id, 'quantity', quantity,
    'reason', reason, 'unitPrice', unit_price::text, 'costPrice', cost_price::text, 'totalValue', total_value::text,
    'sellerName', seller_name, 'notes', notes, 'saleId', sale_id)
    || case when event_type = 'StockIssued' then jsonb_build_object('originalTotal', original_total::text,
         'discountPercentage', discount_percentage::text, 'discountAmount', discount_amount::text) else '{}' end
    || case when stocktake_id is null then '{}' else jsonb_build_object('stocktake', jsonb_build_object(
         'stocktakeId', stocktake_id, 'expectedQuantity', expected_quantity, 'countedQuantity', counted_quantity)) end
  end || coalesce(details_extra, '{}'))`;

/** A uuid as a uuid column gives it back (lower case). */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
/** An amount or percentage as a numeric(p,2) column gives it back (no leading zero). */
const CANONICAL_DECIMAL = /^(0|[1-9]\d*)\.\d{2}$/;

/**
 * The fields of a product event's data that its row's columns do not give back as written, for
 * `details_extra` (null when there are none, as for nearly every event): a reversal's copy of the
 * movement it undoes and an offline sale line's times (no column holds them), and any id or amount
 * spelt otherwise than its column reads back (an upper-case uuid, a leading zero).
 */
export function ledgerDetailsExtra(event: LedgerEvent): Record<string, unknown> | null {
  let extra: Record<string, unknown> | null = null;
  const keep = (key: string, value: unknown) => {
    extra ??= {};
    extra[key] = value;
  };
  const data = event.data as Readonly<Record<string, unknown>>;
  for (const key of UUID_FIELDS[event.type]) {
    const value = data[key];
    if (typeof value === 'string' && !CANONICAL_UUID.test(value)) keep(key, value);
  }
  for (const key of DECIMAL_FIELDS[event.type]) {
    const value = data[key];
    if (typeof value === 'string' && !CANONICAL_DECIMAL.test(value)) keep(key, value);
  }
  if (event.type === 'StockReceived' || event.type === 'StockIssued') {
    const { stocktake } = event.data;
    if (stocktake && !CANONICAL_UUID.test(stocktake.stocktakeId)) keep('stocktake', stocktake);
    if (event.data.reverses) keep('reverses', event.data.reverses);
    if (event.type === 'StockIssued' && event.data.offline) keep('offline', event.data.offline);
  }
  return extra;
}

const UUID_FIELDS: Record<LedgerEvent['type'], readonly string[]> = {
  ProductCreated: ['productId'],
  ProductDeleted: ['productId'],
  StockReceived: ['productId', 'movementId'],
  StockIssued: ['productId', 'movementId'],
};

const DECIMAL_FIELDS: Record<LedgerEvent['type'], readonly string[]> = {
  ProductCreated: ['price', 'costPrice'],
  ProductDeleted: [],
  StockReceived: ['unitPrice', 'costPrice', 'totalValue'],
  StockIssued: ['unitPrice', 'costPrice', 'originalTotal', 'discountPercentage', 'discountAmount', 'totalValue'],
};
