import { randomUUID } from 'node:crypto';
import type { EventData, EventType } from '@shop/contracts';
import type { NewEvent, StreamAppend } from '@shop/infrastructure';

const event = <T extends EventType>(type: T, data: EventData<T>, at: string): NewEvent => ({
  type,
  schemaVersion: 1,
  data,
  metadata: { actorId: null, actorName: 'bench', at },
});

/**
 * A shop's history, mostly sales (the same mix as projections' rebuild.bench): per product stream
 * 1 ProductCreated, 42 StockIssued (sales of 1-3 units), 7 StockReceived, then a UserSignedIn on a
 * user stream; one event a minute from 2024-01-01, so the sales spread over many business days.
 */
export function shopHistory(eventCount: number): StreamAppend[] {
  const appends: StreamAppend[] = [];
  const start = Date.UTC(2024, 0, 1);
  for (let produced = 0; produced < eventCount;) {
    const productId = randomUUID();
    const at = (offset: number) => new Date(start + (produced + offset) * 60_000).toISOString();
    const events: NewEvent[] = [
      event(
        'ProductCreated',
        {
          productId,
          name: `Shea Butter Cream ${produced}`,
          sku: `SKU-${randomUUID().slice(0, 8)}`,
          category: 'Skincare Products',
          price: '1500.00',
          costPrice: '900.00',
          openingStock: 1_000_000,
          minStockLevel: 5,
          description: null,
          images: [],
        },
        at(0),
      ),
    ];
    for (let index = 1; index < 50; index++) {
      const common = { productId, movementId: randomUUID(), sellerName: 'ada', notes: null, saleId: null };
      if (index % 7 === 0) {
        events.push(
          event(
            'StockReceived',
            {
              ...common,
              quantity: 10,
              reason: 'purchase',
              unitPrice: '900.00',
              costPrice: '900.00',
              totalValue: '9000.00',
            },
            at(index),
          ),
        );
      } else {
        const quantity = 1 + (index % 3);
        const total = (1500 * quantity).toFixed(2);
        events.push(
          event(
            'StockIssued',
            {
              ...common,
              quantity,
              reason: 'sale',
              unitPrice: '1500.00',
              costPrice: '900.00',
              originalTotal: total,
              discountPercentage: '0.00',
              discountAmount: '0.00',
              totalValue: total,
            },
            at(index),
          ),
        );
      }
    }
    appends.push({ streamId: `product-${productId}`, events, expectedVersion: 'any' });
    const userId = randomUUID();
    appends.push({
      streamId: `user-${userId}`,
      events: [event('UserSignedIn', { userId }, at(50))],
      expectedVersion: 'any',
    });
    produced += events.length + 1;
  }
  return appends;
}

/**
 * A large history for the 1,000,000-event figures, generated in rounds so it never sits in memory
 * whole: `products` product streams (5,000: the till's catalogue), each round giving every product
 * ten more events (sales of 1-3 units, every seventh a receipt), one event a minute from
 * 2024-01-01 in the order they are yielded. Yields batches of appends of about `batchEvents` events.
 */
export function* bigShopHistory(eventCount: number, products: number, batchEvents = 5_000): Generator<StreamAppend[]> {
  const start = Date.UTC(2024, 0, 1);
  const productIds = Array.from({ length: products }, () => randomUUID());
  const perRound = 10;
  let produced = 0;
  let batch: StreamAppend[] = [];
  let batchSize = 0;
  for (let round = 0; produced < eventCount; round++) {
    for (let index = 0; index < products && produced < eventCount; index++) {
      const productId = productIds[index]!;
      const events: NewEvent[] = [];
      const at = () => new Date(start + (produced + events.length) * 60_000).toISOString();
      if (round === 0) events.push(event('ProductCreated', productCreated(productId, index), at()));
      while (events.length < perRound && produced + events.length < eventCount) {
        events.push(movement(productId, round * perRound + events.length, at()));
      }
      batch.push({ streamId: `product-${productId}`, events, expectedVersion: 'any' });
      batchSize += events.length;
      produced += events.length;
      if (batchSize >= batchEvents) {
        yield batch;
        batch = [];
        batchSize = 0;
      }
    }
  }
  if (batch.length > 0) yield batch;
}

function productCreated(productId: string, index: number): EventData<'ProductCreated'> {
  return {
    productId,
    name: `Shea Butter Cream ${index}`,
    sku: `SKU-${String(index).padStart(5, '0')}`,
    category: 'Skincare Products',
    price: '1500.00',
    costPrice: '900.00',
    openingStock: 1_000_000,
    minStockLevel: 5,
    description: null,
    images: [],
  };
}

function movement(productId: string, sequence: number, at: string): NewEvent {
  const common = { productId, movementId: randomUUID(), sellerName: 'ada', notes: null, saleId: null };
  if (sequence % 7 === 0) {
    return event(
      'StockReceived',
      { ...common, quantity: 10, reason: 'purchase', unitPrice: '900.00', costPrice: '900.00', totalValue: '9000.00' },
      at,
    );
  }
  const quantity = 1 + (sequence % 3);
  const total = (1500 * quantity).toFixed(2);
  return event(
    'StockIssued',
    {
      ...common,
      quantity,
      reason: 'sale',
      unitPrice: '1500.00',
      costPrice: '900.00',
      originalTotal: total,
      discountPercentage: '0.00',
      discountAmount: '0.00',
      totalValue: total,
    },
    at,
  );
}
