import { randomUUID } from 'node:crypto';
import { EVENT_CATALOGUE, type DomainEvent, type ProductCategory } from '@shop/contracts';
import { productDecider, productStreamId } from '@shop/domain';
import type { BrowserApp } from './browser-app';

export interface PastSale {
  readonly productId: string;
  /** The sale line's movement id (what POST /api/transactions/{id}/reverse takes). */
  readonly movementId: string;
  readonly saleId: string;
}

/**
 * A product created and a cash sale of it made at a past instant: the events are decided by the real
 * domain and appended to the real event store with that instant as their time (as the ledger's
 * random-history suite does), since the gateway stamps what it records with its own clock.
 */
export async function appendPastSale(
  harness: BrowserApp,
  at: Date,
  product: {
    name: string;
    sku: string;
    category: ProductCategory;
    price: string;
    costPrice: string;
    openingStock: number;
  },
  sale: { quantity: number; sellerName: string },
): Promise<PastSale> {
  const productId = randomUUID();
  const movementId = randomUUID();
  const saleId = `CASH-${at.getTime()}-past`;
  let state = productDecider.initialState();
  const events: DomainEvent[] = [];
  const decide = (command: Parameters<typeof productDecider.decide>[0]) => {
    for (const event of productDecider.decide(command, state)) {
      state = productDecider.evolve(state, event);
      events.push(event);
    }
  };
  decide({
    type: 'CreateProduct',
    productId,
    ...product,
    minStockLevel: 0,
    description: null,
    images: [],
  });
  decide({
    type: 'IssueStock',
    productId,
    movementId,
    quantity: sale.quantity,
    reason: 'sale',
    unitPrice: null,
    discountPercentage: '0',
    sellerName: sale.sellerName,
    notes: null,
    saleId,
  });
  const store = harness.app.infrastructure.eventStore;
  const [result] = await store.appendMany([
    {
      streamId: productStreamId(productId),
      expectedVersion: 0,
      events: events.map((event) => ({
        type: event.type,
        schemaVersion: EVENT_CATALOGUE[event.type].version,
        data: event.data,
        metadata: { actorId: null, actorName: sale.sellerName, at: at.toISOString() },
      })),
    },
  ]);
  if (!(await harness.app.infrastructure.runner.waitFor(result!.position, 30_000))) {
    throw new Error('the read models did not catch up with the past sale');
  }
  return { productId, movementId, saleId };
}
