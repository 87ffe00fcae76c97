import type { Knex } from 'knex';
import { openReadModelDatabase } from '../testing/projection-test-kit';
import { ensureCheckpoints, writeCheckpoint } from './checkpoint.store';
import { CheckpointWatch } from './checkpoint-watch';

const position = (prepare: number) => ({ commit: 10n, prepare: BigInt(prepare) });

/** A gateway whose projector runs elsewhere: every waiting read shares one poll of the checkpoints. */
describe('CheckpointWatch', () => {
  let db: Awaited<ReturnType<typeof openReadModelDatabase>>;
  let knex: Knex;
  beforeAll(async () => {
    db = await openReadModelDatabase();
    knex = db.knex;
    await ensureCheckpoints(knex, ['watch_a', 'watch_b']);
    await writeCheckpoint(knex as unknown as Knex.Transaction, 'watch_a', position(5));
    await writeCheckpoint(knex as unknown as Knex.Transaction, 'watch_b', position(3));
  });
  afterAll(() => db.drop());

  it('answers each waiter by the lowest checkpoint: at once when reached, false at its timeout, true once moved', async () => {
    let polls = 0;
    const counting = new Proxy(knex, {
      apply: (target, self, args) => target.apply(self, args as never),
      get: (target, key, receiver) => {
        if (key === 'raw') polls += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    const watch = new CheckpointWatch(counting, ['watch_a', 'watch_b'], 20);
    expect(await watch.waitFor(position(3), 1_000)).toBe(true);
    const waiting = [
      watch.waitFor(position(4), 2_000),
      watch.waitFor(position(5), 2_000),
      watch.waitFor(position(9), 150),
    ];
    await new Promise((resolve) => setTimeout(resolve, 60));
    await writeCheckpoint(knex as unknown as Knex.Transaction, 'watch_b', position(6));
    expect(await Promise.all(waiting)).toEqual([true, true, false]);
    // One poll per interval for all three waiters, not one per waiter per interval.
    expect(polls).toBeLessThanOrEqual(12);
  });
});
