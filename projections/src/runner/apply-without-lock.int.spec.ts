import type { Knex } from 'knex';
import { comparePositions, PostgresEventStore, type GlobalPosition } from '@shop/infrastructure';
import { allProjections } from '../all-projections';
import {
  newEvent,
  openReadModelDatabase,
  productCreated,
  readSettled,
  snapshotTables,
  stockReceived,
} from '../testing/projection-test-kit';
import { applyBatchToAll } from './apply-batch';
import { ensureCheckpoints, readCheckpoints, writeCheckpoint } from './checkpoint.store';

const tables = allProjections.flatMap((projection) => projection.tables);
const names = allProjections.map((projection) => projection.name);
const at = (position: GlobalPosition) => (checkpoint: { position: GlobalPosition | null }) =>
  checkpoint.position !== null && comparePositions(checkpoint.position, position) === 0;

/**
 * The live runner applies a batch without locking the checkpoints first when it believes they are
 * all at the batch's start: the checkpoints then move only if they are still there, and a batch
 * whose checkpoint someone else moved meanwhile rolls back whole.
 */
describe('a batch applied without locking its checkpoints', () => {
  let db: Awaited<ReturnType<typeof openReadModelDatabase>>;
  let knex: Knex;
  let store: PostgresEventStore;
  beforeAll(async () => {
    db = await openReadModelDatabase();
    knex = db.knex;
    store = await PostgresEventStore.open(knex);
    await ensureCheckpoints(knex, names);
  });
  afterAll(async () => {
    await store.close();
    await db.drop();
  });

  it('applies it when the checkpoints are where it expects, and rolls it back whole when one moved', async () => {
    // Bring every projection to the first event with the locking path.
    const product = productCreated();
    await store.append(`product-${product.productId}`, [newEvent('ProductCreated', product)], 0);
    const first = await readSettled(store, null, 1);
    await applyBatchToAll(knex, allProjections, first);
    const after = first.last;
    expect((await readCheckpoints(knex, names)).every(at(after))).toBe(true);

    const other = productCreated();
    await store.append(`product-${other.productId}`, [newEvent('ProductCreated', other)], 0);
    await store.append(
      `product-${product.productId}`,
      [newEvent('StockReceived', stockReceived(product.productId, 3))],
      1,
    );
    const next = await readSettled(store, after, 2);
    // Someone (a rebuild's swap, another runner) moves one checkpoint past the batch meanwhile.
    await writeCheckpoint(knex as unknown as Knex.Transaction, names[0]!, next.last);
    const before = await snapshotTables(knex, tables);
    await expect(applyBatchToAll(knex, allProjections, next, { expected: after })).rejects.toThrow(/checkpoint moved/i);
    expect(await snapshotTables(knex, tables)).toEqual(before);
    expect((await readCheckpoints(knex, names)).filter(at(after))).toHaveLength(names.length - 1);

    // Put back where the others are, the same batch applies and moves them all.
    await writeCheckpoint(knex as unknown as Knex.Transaction, names[0]!, after);
    const outcomes = await applyBatchToAll(knex, allProjections, next, { expected: after });
    expect([...outcomes.values()].every((outcome) => outcome.status === 'applied')).toBe(true);
    expect((await readCheckpoints(knex, names)).every(at(next.last))).toBe(true);
    expect(await snapshotTables(knex, tables)).not.toEqual(before);
  });
});
