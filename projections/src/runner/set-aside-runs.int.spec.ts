import type { NewEvent } from '@shop/infrastructure';
import { productLedgerProjection } from '../ledger/product-ledger.projection';
import {
  FakeLedger,
  newEvent,
  productCreated,
  stockIssued,
  stockReceived,
  useReadModelDatabase,
} from '../testing/projection-test-kit';
import { applyBatch } from './apply-batch';
import { parseBatch } from './event-batch';
import { listSetAside } from './set-aside.store';

const quiet = { warn: () => undefined };
/** A total the ledger's numeric(12,2) cannot hold: the database refuses that row. */
const POISON_TOTAL = `${'9'.repeat(30)}.99`;
const MOVEMENTS = 400;
const POISONED = [123, 301];

/**
 * A batch with refused events goes the slow way: the events in ever smaller runs until each refused
 * one is alone and set aside. Same outcome as one savepoint per event (every other event applied, in
 * order), in a few dozen attempts instead of one per event: a rebuild's 10,000-event batch no longer
 * holds a write transaction (and so every newer event on the server, for every live projector) for
 * half a minute.
 */
describe('the slow path of a batch with refused events', () => {
  const db = useReadModelDatabase();

  it('sets aside exactly the refused events and applies the rest, in a few dozen attempts', async () => {
    const cream = productCreated({ openingStock: 5 });
    const events: NewEvent[] = [newEvent('ProductCreated', cream)];
    let expectedBalance = 5;
    for (let index = 0; index < MOVEMENTS; index++) {
      const at = new Date(Date.UTC(2025, 2, 10, 8, index)).toISOString();
      if (POISONED.includes(index)) {
        events.push(newEvent('StockReceived', stockReceived(cream.productId, 1, { totalValue: POISON_TOTAL }), at));
      } else if (index % 2 === 0) {
        events.push(newEvent('StockReceived', stockReceived(cream.productId, 3), at));
        expectedBalance += 3;
      } else {
        events.push(newEvent('StockIssued', stockIssued(cream.productId, 1, '1500.00'), at));
        expectedBalance -= 1;
      }
    }
    const stored = new FakeLedger().stored(events);
    const batch = parseBatch(null, stored, quiet)!;

    let attempts = 0;
    const counted = {
      ...productLedgerProjection,
      project: (...args: Parameters<typeof productLedgerProjection.project>) => {
        attempts += 1;
        return productLedgerProjection.project(...args);
      },
    };
    const outcome = await applyBatch(db.knex, counted, batch);

    const poisonedPositions = POISONED.map((index) => stored[index + 1]!.position);
    expect(outcome).toMatchObject({ status: 'applied', projected: 1 + MOVEMENTS - POISONED.length });
    expect(outcome.setAside.map((notice) => notice.stored.position)).toEqual(poisonedPositions);
    expect((await listSetAside(db.knex)).map((row) => row.position)).toEqual(poisonedPositions);
    // One savepoint per event would be 1 + 401 attempts.
    expect(attempts).toBeLessThan(60);

    const rows: { entry_no: number; balance_after: number }[] = await db
      .knex('product_ledger')
      .where({ product_id: cream.productId })
      .orderBy('entry_no')
      .select('entry_no', 'balance_after');
    expect(rows.map((row) => row.entry_no)).toEqual(
      Array.from({ length: 1 + MOVEMENTS - POISONED.length }, (_, index) => index + 1),
    );
    expect(rows.at(-1)!.balance_after).toBe(expectedBalance);
  });
});
