import { randomUUID } from 'node:crypto';
import { EVENT_CATALOGUE, PRODUCT_CATEGORIES } from '@shop/contracts';
import { productDecider, productStreamId } from '@shop/domain';
import type { BrowserApp } from './browser-app';

/**
 * `count` products created at once: decided by the real domain and appended to the real event store in
 * batches (thousands of POSTs would take minutes), then waited for in the read models. SKUs are
 * `${prefix}-00001`…; names `Bulk Item 00001 ${prefix}`…
 */
export async function appendProducts(harness: BrowserApp, count: number, prefix: string): Promise<void> {
  const store = harness.app.infrastructure.eventStore;
  const at = new Date().toISOString();
  let last = null;
  for (let start = 0; start < count; start += 500) {
    const appends = [];
    for (let index = start; index < Math.min(count, start + 500); index++) {
      const number = String(index + 1).padStart(5, '0');
      const productId = randomUUID();
      const events = productDecider.decide(
        {
          type: 'CreateProduct',
          productId,
          name: `Bulk Item ${number} ${prefix}`,
          sku: `${prefix}-${number}`,
          category: PRODUCT_CATEGORIES[index % PRODUCT_CATEGORIES.length]!,
          price: `${1000 + (index % 500)}.50`,
          costPrice: '500.00',
          openingStock: index % 9,
          minStockLevel: 3,
          description: null,
          images: [],
        },
        productDecider.initialState(),
      );
      appends.push({
        streamId: productStreamId(productId),
        expectedVersion: 0,
        events: events.map((event) => ({
          type: event.type,
          schemaVersion: EVENT_CATALOGUE[event.type].version,
          data: event.data,
          metadata: { actorId: null, actorName: 'manager', at },
        })),
      });
    }
    const results = await store.appendMany(appends);
    last = results[results.length - 1]!.position;
  }
  if (last && !(await harness.app.infrastructure.runner.waitFor(last, 120_000))) {
    throw new Error('the read models did not catch up with the seeded products');
  }
}
