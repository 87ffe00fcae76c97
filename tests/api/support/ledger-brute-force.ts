import Decimal from 'decimal.js';
import { toDomainEvent, type DomainEvent } from '@shop/contracts';
import type { EventStore } from '@shop/infrastructure';

/** A raw event as read back from the store, parsed, with its recording instant in ms. */
export interface RawEvent {
  readonly event: DomainEvent;
  readonly at: number;
}

/** Every event of the store, in global order, read back through readAll. */
export async function readEverything(store: EventStore): Promise<RawEvent[]> {
  const all: RawEvent[] = [];
  let after = null;
  for (;;) {
    const page = await store.readAll({ after, limit: 5_000 });
    if (page.length === 0) return all;
    for (const stored of page) {
      const event = toDomainEvent(stored.type, stored.schemaVersion, stored.data);
      if (event) all.push({ event, at: Date.parse(stored.metadata.at) });
    }
    after = page[page.length - 1]!.position;
  }
}

export interface StockThen {
  readonly stock: number;
  readonly costPrice: string | null;
  readonly stockValue: string;
}

/** Stock per product that existed at `t` (inclusive), folded from scratch. */
export function stockAsOf(events: readonly RawEvent[], t: number, inclusive = true): Map<string, StockThen> {
  const counts = (at: number) => (inclusive ? at <= t : at < t);
  const state = new Map<string, { price: string; cost: string | null; stock: number; deleted: boolean }>();
  for (const { event, at } of events) {
    if (!counts(at)) continue;
    if (event.type === 'ProductCreated') {
      state.set(event.data.productId, {
        price: event.data.price,
        cost: event.data.costPrice,
        stock: event.data.openingStock,
        deleted: false,
      });
    }
    const product = state.get((event.data as { productId?: string }).productId ?? '');
    if (!product) continue;
    if (event.type === 'StockReceived') {
      product.stock += event.data.quantity;
      if (event.data.costPrice !== null) product.cost = event.data.costPrice;
    }
    if (event.type === 'StockIssued') product.stock -= event.data.quantity;
    if (event.type === 'ProductDeleted') product.deleted = true;
  }
  const result = new Map<string, StockThen>();
  for (const [id, product] of state) {
    if (product.deleted) continue;
    result.set(id, {
      stock: product.stock,
      costPrice: product.cost,
      stockValue: new Decimal(product.price).times(product.stock).toFixed(2),
    });
  }
  return result;
}

interface Figures {
  totalSales: Decimal;
  discounts: Decimal;
  profit: Decimal;
  unitsSold: number;
  saleLines: number;
  reversedLines: number;
}

const empty = (): Figures => ({
  totalSales: new Decimal(0),
  discounts: new Decimal(0),
  profit: new Decimal(0),
  unitsSold: 0,
  saleLines: 0,
  reversedLines: 0,
});

export interface BruteSummary {
  readonly totals: Figures;
  readonly byCategory: Map<string, Figures>;
  readonly byStaff: Map<string, Figures>;
  readonly byDayStaff: Map<string, Figures>;
}

const lagosDay = (ms: number) => new Date(ms + 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * The range report, the slow way: sale lines dated by when they happened, a reversal of a sale line
 * taken off on its original's date, and only events recorded by `knownAt` counted.
 */
export function salesSummary(events: readonly RawEvent[], from: number, to: number, knownAt = Infinity): BruteSummary {
  const category = new Map<string, string>();
  // A line recorded without a cost is costed at the product's price (spec 9's fallback).
  const price = new Map<string, string>();
  const summary: BruteSummary = { totals: empty(), byCategory: new Map(), byStaff: new Map(), byDayStaff: new Map() };
  const add = (key: string, map: Map<string, Figures>) => {
    if (!map.has(key)) map.set(key, empty());
    return map.get(key)!;
  };
  for (const { event, at } of events) {
    if (event.type === 'ProductCreated') {
      category.set(event.data.productId, event.data.category);
      price.set(event.data.productId, event.data.price);
    }
    if (at > knownAt) continue;
    let line: {
      productId: string;
      when: number;
      staff: string;
      sign: 1 | -1;
      total: string;
      discount: string;
      unit: string | null;
      cost: string | null;
      quantity: number;
    } | null = null;
    if (event.type === 'StockIssued' && event.data.reason === 'sale' && !event.data.reverses) {
      const { data } = event;
      line = {
        productId: data.productId,
        when: at,
        staff: data.sellerName,
        sign: 1,
        total: data.totalValue,
        discount: data.discountAmount,
        unit: data.unitPrice,
        cost: data.costPrice,
        quantity: data.quantity,
      };
    } else if (
      event.type === 'StockReceived' &&
      event.data.reverses?.type === 'out' &&
      event.data.reverses.reason === 'sale'
    ) {
      const original = event.data.reverses;
      line = {
        productId: event.data.productId,
        when: Date.parse(original.at),
        staff: original.sellerName,
        sign: -1,
        total: original.totalValue,
        discount: original.discountAmount,
        unit: original.unitPrice,
        cost: original.costPrice,
        quantity: original.quantity,
      };
    }
    if (!line || line.when < from || line.when >= to) continue;
    const cost = line.cost ?? price.get(line.productId) ?? line.unit;
    const profit =
      line.unit !== null && cost !== null ? new Decimal(line.unit).minus(cost).times(line.quantity) : new Decimal(0);
    const targets = [
      summary.totals,
      add(category.get(line.productId) ?? '', summary.byCategory),
      add(line.staff, summary.byStaff),
      add(`${lagosDay(line.when)} ${line.staff}`, summary.byDayStaff),
    ];
    for (const figures of targets) {
      figures.totalSales = figures.totalSales.plus(new Decimal(line.total).times(line.sign));
      figures.discounts = figures.discounts.plus(new Decimal(line.discount).times(line.sign));
      figures.profit = figures.profit.plus(profit.times(line.sign));
      figures.unitsSold += line.sign * line.quantity;
      // Net of reversals, as every other figure.
      figures.saleLines += line.sign;
      if (line.sign === -1) figures.reversedLines += 1;
    }
  }
  return summary;
}

/** The API's shape of a Figures, for toEqual. */
export function asApiFigures(figures: Figures | undefined) {
  const value = figures ?? empty();
  return {
    totalSales: value.totalSales.toFixed(2),
    discounts: value.discounts.toFixed(2),
    profit: value.profit.toFixed(2),
    profitNetOfDiscounts: value.profit.minus(value.discounts).toFixed(2),
    unitsSold: value.unitsSold,
    saleLines: value.saleLines,
    reversedLines: value.reversedLines,
  };
}

/** Movements recorded in [from, to), cut at knownAt (inclusive) when that is earlier. */
export function movementSummary(events: readonly RawEvent[], from: number, to: number, knownAt = Infinity) {
  const byReason = new Map<string, { type: string; reason: string; count: number; units: number; value: Decimal }>();
  for (const { event, at } of events) {
    if (event.type !== 'StockReceived' && event.type !== 'StockIssued') continue;
    if (at < from || at >= to || at > knownAt) continue;
    const type = event.type === 'StockReceived' ? 'in' : 'out';
    const key = `${type} ${event.data.reason}`;
    const entry = byReason.get(key) ?? { type, reason: event.data.reason, count: 0, units: 0, value: new Decimal(0) };
    entry.count += 1;
    entry.units += event.data.quantity;
    entry.value = entry.value.plus(event.data.totalValue);
    byReason.set(key, entry);
  }
  return [...byReason.values()]
    .sort((a, b) => (a.type === b.type ? (a.reason < b.reason ? -1 : 1) : a.type < b.type ? -1 : 1))
    .map((entry) => ({ ...entry, value: entry.value.toFixed(2) }));
}
