import { changesOf, describeChange } from '../audit/audit-changes';
import { describe as describeEvent } from '../audit/audit-summary';
import { lagosBusinessDay } from '@shop/contracts';
import { assertNever, defineProjection, type ProjectedEventOf } from '../shared/projection';
import { carriedState } from '../shared/projection-carry';
import type { ProjectionSql } from '../shared/projection-sql';
import { DailyRollup, saleFigures, type SaleFigures } from './daily-rollup';
import { loadLedgerState, type LedgerState } from './ledger-state.store';
import { auditTextId, saveAuditTexts } from './ledger-audit-texts';
import { ledgerDetailsExtra } from './ledger-event-data';

type LedgerEvent = ProjectedEventOf<'ProductCreated' | 'StockReceived' | 'StockIssued' | 'ProductDeleted'>;
type Movement = ProjectedEventOf<'StockReceived' | 'StockIssued'>;

/**
 * The product ledger (product_ledger) and the daily rollup (daily_rollup). Each batch loads the
 * newest row of the products it touches (a rebuild carries them from the batch before), folds the
 * events in memory in stream order (entry number, balance, cost in force, a per-product monotone
 * ledger time), then writes one multi-row insert of ledger rows (a bulk delivery's go in slices
 * while the rest are built, see ProjectionSql.sendNow) and one upsert of day sums: a movement is one
 * ledger row and one share of a rollup row (and, when its audit text is new, that text's row in
 * ledger_audit_texts).
 */
export const productLedgerProjection = defineProjection({
  // The name of the stock ledger it grew from: operators' rebuild commands and metric labels stay.
  name: 'stock_ledger',
  handles: ['ProductCreated', 'StockReceived', 'StockIssued', 'ProductDeleted'] as const,
  tables: ['product_ledger', 'daily_rollup', 'ledger_audit_texts'],
  async project(events, sql) {
    const created = new Set(
      events.filter((event) => event.type === 'ProductCreated').map((event) => event.data.productId),
    );
    const carried = carriedState<LedgerCarry>(sql.carry, () => ({ states: new Map(), complete: true }));
    const wanted = [...new Set(events.map((event) => event.data.productId))].filter(
      (id) => !created.has(id) && !carried?.states.has(id),
    );
    const known = carried?.states ?? new Map<string, LedgerState>();
    if (!carried?.complete) for (const [id, state] of await loadLedgerState(sql, wanted)) known.set(id, state);
    const touched = new Map<string, LedgerState>();
    const rows: LedgerRow[] = [];
    const rollup = new DailyRollup();

    let sent = 0;
    for (const [index, event] of events.entries()) {
      if (sql.pause && index % 100 === 99) {
        // A bulk delivery: the rows built so far go while the rest are built (see ProjectionSql.sendNow).
        if (sql.sendNow && index % SLICE_EVENTS === SLICE_EVENTS - 1) {
          insertRows(sql, rows.slice(sent));
          sent = rows.length;
          sql.sendNow();
        }
        await sql.pause();
      }
      const productId = event.data.productId;
      let product = touched.get(productId) ?? known.get(productId);
      if (event.type === 'ProductCreated') product = fromCreation(event);
      else if (!product) product = unknownProduct(event);
      else product.entries += 1; // batch-local state: loaded for this batch, continued event by event
      touched.set(productId, product);

      // Concurrent writers can commit an earlier `at` after a later one: clamping keeps each
      // product's ledger time monotone, so "the newest entry at or before T" is well defined.
      const atMs = Date.parse(event.metadata.at);
      const ledgerAt = atMs >= product.lastAtMs ? event.metadata.at : new Date(product.lastAtMs).toISOString();
      product.lastAtMs = Math.max(atMs, product.lastAtMs);
      const audit = auditView(event, product);

      switch (event.type) {
        case 'ProductCreated':
          rows.push(entryRow(event, product, ledgerAt, event.data.openingStock, event.data.openingStock, null, audit));
          break;
        case 'ProductDeleted':
          rows.push(entryRow(event, product, ledgerAt, 0, 0, null, audit));
          break;
        case 'StockReceived':
        case 'StockIssued': {
          const change = event.type === 'StockReceived' ? event.data.quantity : -event.data.quantity;
          product.balance += change;
          if (event.type === 'StockReceived' && event.data.costPrice !== null) product.costPrice = event.data.costPrice;
          const sale = saleFigures(event, product.price);
          rows.push(entryRow(event, product, ledgerAt, event.data.quantity, change, sale, audit));
          rollup.add(event, lagosBusinessDay(event.metadata.at), product.category, product.price, sale);
          break;
        }
        default:
          assertNever(event);
      }
    }

    if (rows.length > sent) insertRows(sql, sent === 0 ? rows : rows.slice(sent));
    if (rows.length > 0) saveAuditTexts(sql, rows);
    rollup.save(sql);
    for (const [id, state] of touched) known.set(id, state);
    sql.carry?.leave({ states: known, complete: carried?.complete ?? false } satisfies LedgerCarry);
  },
});

/** Events a slice of a bulk delivery's ledger rows spans (see ProjectionSql.sendNow). */
const SLICE_EVENTS = 1_000;

/**
 * What a batch hands the next (see ProjectionCarry): the state of every product it saw, and whether
 * that is every product in the ledger (a rebuild from empty tables), when nothing needs reading back.
 */
interface LedgerCarry {
  readonly states: Map<string, LedgerState>;
  readonly complete: boolean;
}

/** The audit trail's line for a product event, as audit_log words the other events. */
function auditView(event: LedgerEvent, product: LedgerState) {
  const label = product.name === null ? 'Unknown Product' : `${product.name} (${product.sku})`;
  const line = describeEvent(event, () => label);
  // The cost in force before this event: the state is moved on only after this call.
  const changes = changesOf(event, () => product.costPrice);
  const priceChange = changes.find((change) => change.field === 'cost price');
  return {
    summary: priceChange ? `${line.summary}, ${describeChange(priceChange)}` : line.summary,
    changes,
  };
}

function fromCreation(event: ProjectedEventOf<'ProductCreated'>): LedgerState {
  const { data } = event;
  return {
    productId: data.productId,
    name: data.name,
    sku: data.sku,
    category: data.category,
    price: data.price,
    costPrice: data.costPrice,
    balance: data.openingStock,
    entries: 1,
    lastAtMs: Date.parse(event.metadata.at),
  };
}

/** A movement for a product the ledger never saw created: kept, under the spec's 'Unknown Product'. */
function unknownProduct(event: LedgerEvent): LedgerState {
  const price =
    event.type === 'StockReceived' || event.type === 'StockIssued' ? (event.data.unitPrice ?? '0.00') : '0.00';
  return {
    productId: event.data.productId,
    name: null,
    sku: null,
    category: '',
    price,
    costPrice: null,
    balance: 0,
    entries: 1,
    lastAtMs: Date.parse(event.metadata.at),
  };
}

/**
 * One product_ledger row, every column present in the same order for every event: one object per
 * event and one shape for all, which keeps a rebuild's hot loop light on the garbage collector.
 */
function entryRow(
  event: LedgerEvent,
  product: LedgerState,
  ledgerAt: string,
  quantity: number,
  change: number,
  sale: SaleFigures | null,
  audit: { summary: string; changes: readonly unknown[] },
) {
  const movement: Movement | null = event.type === 'StockReceived' || event.type === 'StockIssued' ? event : null;
  const data = movement?.data;
  const out = movement?.type === 'StockIssued' ? movement.data : null;
  const creation = event.type === 'ProductCreated' ? event.data : null;
  const first = product.entries === 1;
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
    category: product.category,
    min_stock_level: first ? (creation ? creation.minStockLevel : 0) : null,
    description: creation ? creation.description : null,
    images: first ? (creation ? creation.images : []) : null,
    sale_sign: sale ? sale.sign : null,
    sale_at: sale ? sale.at : null,
    sale_staff: sale ? sale.staff : null,
    sale_total: sale ? sale.total : null,
    sale_original_total: sale ? sale.originalTotal : null,
    sale_discount: sale ? sale.discount : null,
    sale_profit: sale ? sale.profit : null,
    sale_quantity: sale ? sale.quantity : null,
    summary: audit.summary,
    changes: audit.changes.length > 0 ? audit.changes : null,
    details_extra: ledgerDetailsExtra(event),
    text_id: auditTextId(audit.summary, event.metadata.actorName),
    position_commit: event.position.commit.toString(),
    position_prepare: event.position.prepare.toString(),
  };
}

/** product_ledger's columns in table order, typed as the table declares them. */
const LEDGER_COLUMNS = [
  ['product_id', 'uuid'],
  ['entry_no', 'integer'],
  ['event_id', 'uuid'],
  ['event_type', 'text'],
  ['movement_id', 'uuid'],
  ['direction', 'text'],
  ['quantity', 'integer'],
  ['change', 'integer'],
  ['balance_after', 'integer'],
  ['reason', 'text'],
  ['unit_price', 'numeric'],
  ['cost_price', 'numeric'],
  ['cost_in_force', 'numeric'],
  ['price_in_force', 'numeric'],
  ['total_value', 'numeric'],
  ['original_total', 'numeric'],
  ['discount_percentage', 'numeric'],
  ['discount_amount', 'numeric'],
  ['sale_id', 'text'],
  ['seller_name', 'text'],
  ['notes', 'text'],
  ['actor_id', 'text'],
  ['actor_name', 'text'],
  ['at', 'timestamptz'],
  ['ledger_at', 'timestamptz'],
  ['reverses', 'uuid'],
  ['stocktake_id', 'uuid'],
  ['expected_quantity', 'integer'],
  ['counted_quantity', 'integer'],
  ['product_name', 'text'],
  ['product_sku', 'text'],
  ['category', 'text'],
  ['min_stock_level', 'integer'],
  ['description', 'text'],
  ['images', 'jsonb'],
  ['sale_sign', 'smallint'],
  ['sale_at', 'timestamptz'],
  ['sale_staff', 'text'],
  ['sale_total', 'numeric'],
  ['sale_original_total', 'numeric'],
  ['sale_discount', 'numeric'],
  ['sale_profit', 'numeric'],
  ['sale_quantity', 'integer'],
  ['summary', 'text'],
  ['changes', 'jsonb'],
  ['details_extra', 'jsonb'],
  ['text_id', 'uuid'],
  ['position_commit', 'numeric'],
  ['position_prepare', 'numeric'],
] as const;

type LedgerRow = ReturnType<typeof entryRow>;

function insertRows(sql: ProjectionSql, rows: readonly LedgerRow[]) {
  sql.insert({ table: 'product_ledger', columns: LEDGER_COLUMNS, rows });
}
