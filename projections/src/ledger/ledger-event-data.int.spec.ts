import { randomUUID } from 'node:crypto';
import type { GlobalPosition, NewEvent } from '@shop/infrastructure';
import { listAudit } from '../audit/list-audit.query';
import {
  FakeLedger,
  newEvent,
  productCreated,
  project,
  stockIssued,
  stockReceived,
  useReadModelDatabase,
} from '../testing/projection-test-kit';
import { productLedgerProjection } from './product-ledger.projection';

/**
 * The audit trail's details of a product event are read back from its ledger row's columns: for
 * every kind of product event, and for ids and amounts spelt otherwise than a column gives them
 * back, they must be the event's data exactly as it was stored.
 */
describe('a product event read back from its ledger row (audit details)', () => {
  const db = useReadModelDatabase();

  it('is the event data as stored, for every kind of product event', async () => {
    const cream = productCreated({
      costPrice: null,
      description: 'Rich "shea"\tbutter\nfor dry skin',
      images: ['/uploads/a.png', '/uploads/b.jpg'],
    });
    const serum = productCreated({ name: 'Serum', costPrice: '2000.00', minStockLevel: 0, openingStock: 0 });
    const sale = stockIssued(cream.productId, 2, '1500.00', {
      costPrice: '1000.00',
      originalTotal: '3000.00',
      discountPercentage: '12.50',
      discountAmount: '375.00',
      totalValue: '2625.00',
      saleId: 'CASH-1',
      notes: 'paid at the door',
    });
    const events = [
      newEvent('ProductCreated', cream),
      newEvent('ProductCreated', serum),
      newEvent('StockReceived', stockReceived(cream.productId, 5, { costPrice: '1100.00', unitPrice: null })),
      newEvent('StockIssued', sale),
      newEvent(
        'StockIssued',
        stockIssued(serum.productId, 1, '2500.00', {
          offline: { soldAt: '2025-03-10T09:00:00.000Z', syncedAt: '2025-03-10T09:30:00.000Z', stockAfter: -1 },
        }),
      ),
      newEvent(
        'StockReceived',
        stockReceived(cream.productId, 2, {
          reason: 'adjustment',
          unitPrice: '1500.00',
          totalValue: '2625.00',
          reverses: {
            movementId: sale.movementId,
            type: 'out',
            reason: 'sale',
            at: '2025-03-10T10:00:00.000Z',
            quantity: 2,
            sellerName: 'ada',
            saleId: 'CASH-1',
            unitPrice: '1500.00',
            costPrice: '1000.00',
            originalTotal: '3000.00',
            discountAmount: '375.00',
            totalValue: '2625.00',
          },
        }),
      ),
      newEvent(
        'StockIssued',
        stockIssued(serum.productId, 3, '2500.00', {
          reason: 'adjustment',
          stocktake: { stocktakeId: randomUUID(), expectedQuantity: 4, countedQuantity: 1 },
        }),
      ),
      newEvent('ProductDeleted', { productId: serum.productId }),
    ];
    const { actual, expected } = await readBack(events);
    expect(actual).toEqual(expected);
  });

  it('keeps ids and amounts spelt otherwise than their columns read them back', async () => {
    const shouting = randomUUID().toUpperCase();
    const cream = productCreated({ price: '01500.00', costPrice: '0900.00' });
    const events = [
      newEvent('ProductCreated', cream),
      // A movement of a product never created, under an upper-case id: kept as 'Unknown Product'.
      newEvent('StockReceived', stockReceived(shouting, 1, { movementId: randomUUID().toUpperCase() })),
      newEvent('StockIssued', stockIssued(cream.productId, 1, '1500.00', { discountPercentage: '00.00' })),
      newEvent(
        'StockReceived',
        stockReceived(cream.productId, 1, {
          stocktake: { stocktakeId: randomUUID().toUpperCase(), expectedQuantity: 9, countedQuantity: 10 },
        }),
      ),
    ];
    const { actual, expected } = await readBack(events);
    expect(actual).toEqual(expected);
  });

  const ledger = new FakeLedger();
  let after: GlobalPosition | null = null;

  /** Each event's audit details once the ledger projected it, beside its data as stored (a JSON document). */
  async function readBack(events: readonly NewEvent[]) {
    const stored = ledger.stored(events);
    await project(db.knex, productLedgerProjection, stored, after);
    after = stored.at(-1)!.position;
    const page = await listAudit(db.knex, { entity: 'product', limit: 100 });
    const details = new Map(page.entries.map((entry) => [entry.id, entry.details]));
    return {
      actual: stored.map((event) => details.get(event.id)),
      expected: stored.map((event) => JSON.parse(JSON.stringify(event.data)) as unknown),
    };
  }
});
