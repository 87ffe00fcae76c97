import { randomUUID } from 'node:crypto';
import { EVENT_CATALOGUE, PRODUCT_CATEGORIES, type DomainEvent } from '@shop/contracts';
import {
  DomainError,
  fold,
  movementReversalDecider,
  productDecider,
  productStreamId,
  stocktakeDecider,
  type ProductCommand,
  type ProductState,
} from '@shop/domain';
import type { EventStore, GlobalPosition } from '@shop/infrastructure';

/** A seeded pseudo-random generator: every run builds the same shape of history. */
export function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}

export const STAFF = ['ada', 'bola', 'chidi', 'dayo', 'emeka'] as const;

interface GeneratedProduct {
  readonly id: string;
  state: ProductState;
  readonly history: DomainEvent[];
  /** Movements with the instant they were recorded at, for reversals. */
  readonly movements: { movementId: string; at: string }[];
  version: number;
}

export interface HistoryOptions {
  readonly seed: number;
  readonly start: Date;
  readonly days: number;
  readonly eventsPerDay: number;
}

/**
 * Appends a random shop history straight to the event store, each command decided by the real
 * deciders (so the events are ones the app could have written), with metadata.at under our control:
 * products created and deleted along the way, receipts with changing costs, sales with discounts by
 * five staff members, waste, stocktakes and reversals (of sales and of receipts). One appendMany per
 * day, each stream at its expected version.
 */
export async function appendRandomHistory(store: EventStore, options: HistoryOptions): Promise<GlobalPosition> {
  const random = seeded(options.seed);
  const products: GeneratedProduct[] = [];
  let last: GlobalPosition | null = null;
  const dayMs = 24 * 60 * 60 * 1000;

  for (let day = 0; day < options.days; day++) {
    const pending = new Map<
      GeneratedProduct,
      { events: DomainEvent[]; metadata: { actorName: string; at: string }[] }
    >();
    const offsets = Array.from({ length: options.eventsPerDay }, () =>
      random.int(dayMs - 2 * options.eventsPerDay),
    ).sort((a, b) => a - b);
    offsets.forEach((offset, index) => {
      const at = new Date(options.start.getTime() + day * dayMs + offset + index).toISOString();
      const staff = random.pick(STAFF);
      const live = products.filter((product) => product.state.status === 'live');
      const roll = random.next();
      let product: GeneratedProduct;
      let events: DomainEvent[];
      try {
        if (live.length < 6 || roll < 0.02) {
          product = { id: randomUUID(), state: productDecider.initialState(), history: [], movements: [], version: 0 };
          products.push(product);
          const price = 500 + random.int(20_000) + random.int(100) / 100;
          events = productDecider.decide(
            {
              type: 'CreateProduct',
              productId: product.id,
              name: `Product ${products.length}`,
              sku: `GEN-${products.length}`,
              category: random.pick(PRODUCT_CATEGORIES),
              price: price.toFixed(2),
              costPrice: random.next() < 0.8 ? (price * (0.4 + random.next() * 0.5)).toFixed(2) : null,
              openingStock: random.int(40),
              minStockLevel: random.int(10),
              description: null,
              images: [],
            },
            product.state,
          );
        } else {
          product = random.pick(live);
          events = decideMovement(product, roll, staff, random);
        }
      } catch (error) {
        if (error instanceof DomainError) return; // a refused command writes nothing, as in the app
        throw error;
      }
      if (events.length === 0) return;
      for (const event of events) {
        product.state = productDecider.evolve(product.state, event);
        product.history.push(event);
        const movementId = (event.data as { movementId?: string }).movementId;
        if (movementId && !(event.data as { reverses?: unknown }).reverses) product.movements.push({ movementId, at });
      }
      const entry = pending.get(product) ?? { events: [], metadata: [] };
      entry.events.push(...events);
      entry.metadata.push(...events.map(() => ({ actorName: staff, at })));
      pending.set(product, entry);
    });

    if (pending.size === 0) continue;
    const appends = [...pending].map(([product, entry]) => ({
      streamId: productStreamId(product.id),
      expectedVersion: product.version,
      events: entry.events.map((event, index) => ({
        type: event.type,
        schemaVersion: EVENT_CATALOGUE[event.type].version,
        data: event.data,
        metadata: { actorId: null, ...entry.metadata[index]! },
      })),
    }));
    const results = await store.appendMany(appends);
    [...pending].forEach(([product, entry]) => (product.version += entry.events.length));
    last = results[results.length - 1]!.position;
  }
  if (!last) throw new Error('nothing generated');
  return last;
}

function decideMovement(
  product: GeneratedProduct,
  roll: number,
  staff: string,
  random: ReturnType<typeof seeded>,
): DomainEvent[] {
  const state = product.state;
  if (state.status !== 'live') return [];
  const movementId = randomUUID();
  const common = {
    productId: product.id,
    movementId,
    sellerName: staff,
    notes: random.next() < 0.1 ? 'generated note' : null,
  };
  if (roll < 0.45) {
    if (state.stock === 0) return [];
    const discount = random.next() < 0.6 ? '0' : (random.int(3000) / 100).toFixed(2);
    const command: ProductCommand = {
      type: 'IssueStock',
      ...common,
      quantity: 1 + random.int(Math.min(state.stock, 5)),
      reason: 'sale',
      unitPrice: null,
      discountPercentage: discount,
      saleId: `CASH-${movementId.slice(0, 8)}`,
    };
    return productDecider.decide(command, state);
  }
  if (roll < 0.72) {
    const cost = random.next() < 0.5 ? (Number(state.price) * (0.3 + random.next() * 0.6)).toFixed(2) : null;
    return productDecider.decide(
      {
        type: 'ReceiveStock',
        ...common,
        quantity: 1 + random.int(20),
        reason: random.pick(['purchase', 'return', 'adjustment'] as const),
        unitPrice: state.price,
        costPrice: cost,
        saleId: null,
      },
      state,
    );
  }
  if (roll < 0.85) {
    if (state.stock === 0) return [];
    return productDecider.decide(
      {
        type: 'IssueStock',
        ...common,
        quantity: 1 + random.int(Math.min(state.stock, 3)),
        reason: random.pick(['waste', 'adjustment'] as const),
        unitPrice: state.price,
        discountPercentage: '0',
        saleId: null,
      },
      state,
    );
  }
  if (roll < 0.9) {
    const counted = Math.max(0, state.stock + random.int(7) - 3);
    return stocktakeDecider.decide(
      { type: 'TakeStock', ...common, stocktakeId: randomUUID(), countedQuantity: counted },
      state,
    );
  }
  if (roll < 0.97 && product.movements.length > 0) {
    const target = random.pick(product.movements);
    const decider = movementReversalDecider(target.movementId);
    return decider.decide(
      { type: 'ReverseMovement', ...common, reversedMovementId: target.movementId, reversedAt: target.at },
      fold(decider, product.history),
    );
  }
  if (roll > 0.995) return productDecider.decide({ type: 'DeleteProduct', productId: product.id }, state);
  return [];
}
