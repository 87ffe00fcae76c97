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
