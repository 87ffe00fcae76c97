import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '@shop/infrastructure';
import { auditLogProjection } from '../audit/audit-log.projection';
import { productLedgerProjection } from '../ledger/product-ledger.projection';
import {
  newEvent,
  productCreated,
  readSettled,
  stockReceived,
  useReadModelDatabase,
  userHistory,
} from '../testing/projection-test-kit';
import { applyBatch } from './apply-batch';
import { CarryStore } from './carry-store';
import { ensureCheckpoints } from './checkpoint.store';
import { parseBatch } from './event-batch';
import { applyRecorded, recordBatch } from './rebuild-batches';
import { rebuildReadModels } from './rebuild-read-models';

const quiet = { warn: () => undefined };
const quietLogger = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** A total the ledger's numeric(12,2) cannot hold: the batch's COPY fails and the plain path sets it aside. */
const POISON_TOTAL = `${'9'.repeat(30)}.99`;

describe('a rebuild records the next batch while the previous one is written', () => {
  const db = useReadModelDatabase();

  it('builds a batch from what the one before left, and drops it when that one went another way', async () => {
    const { knex } = db;
    const eventStore = await PostgresEventStore.open(knex);
    try {
      const cream = productCreated({ openingStock: 1 });
      const stream = `product-${cream.productId}`;
      await eventStore.append(
        stream,
        [
          newEvent('ProductCreated', cream),
          newEvent('StockReceived', stockReceived(cream.productId, 1001, { totalValue: POISON_TOTAL })),
          newEvent('StockReceived', stockReceived(cream.productId, 2)),
          newEvent('StockReceived', stockReceived(cream.productId, 3)),
        ],
        0,
      );
      const stored = (await readSettled(eventStore, null, 4)).entries.map((entry) => entry.stored);
      const first = parseBatch(null, stored.slice(0, 2), quiet)!;
      const second = parseBatch(first.last, stored.slice(2), quiet)!;
      await ensureCheckpoints(knex, [productLedgerProjection.name]);
      const projections = [productLedgerProjection];
      const carries = new CarryStore(true);

      // Both recorded before either is written: the second from the first's state, with no read.
      const recordedFirst = await recordBatch(projections, first, carries);
      const recordedSecond = await recordBatch(projections, second, carries);
      expect(recordedSecond.get(productLedgerProjection.name)).toEqual(expect.objectContaining({ carried: true }));

      // The first cannot be written as recorded; the plain path sets the poisoned movement aside.
      expect(await applyRecorded(knex, 'public', projections, first, recordedFirst, carries)).toBeNull();
      const plain = await applyBatch(knex, productLedgerProjection, first);
      expect(plain.setAside).toHaveLength(1);

      // So the second's recording (made with the 1,001 in the balance) is not sent: it is projected anew.
      const applied = await applyRecorded(knex, 'public', projections, second, recordedSecond, carries);
      expect(applied?.get(productLedgerProjection.name)).toEqual(expect.objectContaining({ status: 'applied' }));
      const rows = await knex('product_ledger')
        .where({ product_id: cream.productId })
        .orderBy('entry_no')
        .select('entry_no', 'balance_after');
      expect(rows).toEqual([
        { entry_no: 1, balance_after: 1 },
        { entry_no: 2, balance_after: 3 },
        { entry_no: 3, balance_after: 6 },
      ]);

      // From then on nothing is carried for it: its later batches read the ledger.
      expect(carries.offer(productLedgerProjection.name, second.last, second.last).carried).toBe(false);
    } finally {
      await eventStore.close();
    }
  });

  it('names a user from a batch before, without reading audit_names back', async () => {
    const { knex } = db;
    const eventStore = await PostgresEventStore.open(knex);
    try {
      const userId = randomUUID();
      await eventStore.append(`user-${userId}`, userHistory(userId), 0);
      // One event a batch: every later line names ada from what the batch before it left.
      await rebuildReadModels({
        knex,
        eventStore,
        projections: [auditLogProjection],
        batchSize: 1,
        logger: quietLogger,
      });
      const lines = await knex('audit_log').where({ entity_id: userId }).orderBy('at').pluck('summary');
      expect(lines).toEqual(['Created assistant ada', 'ada signed in', 'Deactivated ada']);
    } finally {
      await eventStore.close();
    }
  });
});
