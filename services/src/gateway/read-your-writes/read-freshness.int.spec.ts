import { createTestDatabase, PostgresEventStore, type GlobalPosition, type TestDatabase } from '@shop/infrastructure';
import type { ReadModelSync } from '../infrastructure/read-model-sync';
import { ReadFreshness, STALLED_WAIT_MS } from './read-freshness';

const event = {
  type: 'FreshnessProbe',
  schemaVersion: 1,
  data: {},
  metadata: { actorId: null, actorName: 't', at: '2026-11-25T10:00:00.000Z' },
};

/** A read waits for the store's high-water mark; after a wait that timed out the next ones wait briefly until one succeeds. */
describe('ReadFreshness on a real store (PGlite)', () => {
  let test: TestDatabase;
  let store: PostgresEventStore;
  let clock = 0;
  const waits: { position: GlobalPosition; options?: { skipFailing?: boolean; timeoutMs?: number } }[] = [];
  /** The read models, as the runner answers: reached, or not after `took` ms (the clock moves). */
  let answer = { reached: true, took: 0 };
  const sync: ReadModelSync = {
    waitFor: async (position, options) => {
      waits.push({ position: position!, options });
      clock += answer.took;
      return answer.reached;
    },
  };

  beforeAll(async () => {
    test = await createTestDatabase();
    store = await PostgresEventStore.open(test.database.knex);
  });
  afterAll(async () => {
    await store.close();
    await test.drop();
  });

  it('waits for nothing on an empty store, then for the newest committed position, skipping failing read models', async () => {
    const freshness = new ReadFreshness(store, sync, () => clock);
    await freshness.caughtUp();
    expect(waits).toHaveLength(0);
    const { position } = await store.append('settings-a', [event], 0);
    await freshness.caughtUp();
    expect(waits).toEqual([{ position, options: { skipFailing: true } }]);
  });

  it('after a wait that timed out, reads wait briefly until one reaches its mark; a wait that failed at once changes nothing', async () => {
    const freshness = new ReadFreshness(store, sync, () => clock);
    waits.length = 0;
    answer = { reached: false, took: 0 }; // a read model failing: ends at once
    await freshness.caughtUp();
    answer = { reached: false, took: 5_000 }; // timed out: no projector running
    await freshness.caughtUp();
    answer = { reached: false, took: STALLED_WAIT_MS };
    await freshness.caughtUp();
    answer = { reached: true, took: 0 }; // the projector is back
    await freshness.caughtUp();
    await freshness.caughtUp();
    expect(waits.map((wait) => wait.options?.timeoutMs)).toEqual([
      undefined,
      undefined,
      STALLED_WAIT_MS,
      STALLED_WAIT_MS,
      undefined,
    ]);
  });
});
