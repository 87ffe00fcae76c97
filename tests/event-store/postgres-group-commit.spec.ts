import {
  AppendFailedError,
  PostgresEventStore,
  WrongExpectedVersionError,
  appendInTransaction,
} from '@shop/services/event-store';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { newEvent, newEvents, uniqueStreamId } from '../support/event-fixtures';

const engine = process.env.DATABASE_URL ? 'PostgreSQL server' : 'PGlite';

describe(`PostgreSQL event store group commit (${engine})`, () => {
  let testDatabase: TestDatabase;
  let store: PostgresEventStore;
  const reruns: unknown[] = [];

  beforeAll(async () => {
    testDatabase = await createTestDatabase();
    store = await PostgresEventStore.open(testDatabase.database.knex, { onBatchRerun: (error) => reruns.push(error) });
  });
  afterAll(async () => {
    await store.close();
    await testDatabase.drop();
  });
  beforeEach(() => {
    reruns.length = 0;
  });

  it('writes calls made together in one transaction, each stream checked in call order', async () => {
    const streamId = uniqueStreamId('chained');
    const [first, second, conflict, many] = await Promise.allSettled([
      store.append(streamId, newEvents(2), 0),
      store.append(streamId, newEvents(1), 2),
      store.append(streamId, newEvents(1), 0),
      store
        .appendMany([
          { streamId: uniqueStreamId('other'), events: newEvents(1), expectedVersion: 0 },
          { streamId, events: newEvents(1), expectedVersion: 3 },
        ])
        .then((results) => results[1]),
    ]);

    expect(conflict).toMatchObject({ status: 'rejected', reason: new WrongExpectedVersionError(streamId, 0, 3) });
    const written = [first, second, many].map((result) => (result?.status === 'fulfilled' ? result.value : undefined));
    expect(written.map((result) => result?.nextExpectedVersion)).toEqual([2, 3, 4]);
    // One transaction: the same transaction id in every position.
    expect(new Set(written.map((result) => result?.position.commit)).size).toBe(1);
    expect((await store.readStream(streamId)).map((event) => event.streamVersion)).toEqual([1, 2, 3, 4]);
    expect(reruns).toEqual([]);
  });

  it('rejects only the call at fault when one call of a batch errors', async () => {
    const [good, bad, later] = [uniqueStreamId('good'), uniqueStreamId('bad'), uniqueStreamId('later')];
    const duplicateId = 'b0f1c3a2-5d6e-4f70-8a9b-0c1d2e3f4a5b';
    const results = await Promise.allSettled([
      store.append(good, newEvents(1), 0),
      store.append(
        bad,
        [
          { ...newEvent('Broken'), id: duplicateId },
          { ...newEvent('Broken'), id: duplicateId },
        ],
        0,
      ),
      store.append(later, newEvents(1), 0),
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[1]).toMatchObject({ reason: expect.any(AppendFailedError) });
    expect(reruns).toHaveLength(1);
    expect(await store.readStream(bad)).toEqual([]);
    expect((await store.readStream(good)).length + (await store.readStream(later)).length).toBe(2);
  });

  it("appends inside the caller's transaction, and only its commit makes the events exist", async () => {
    const { knex } = testDatabase.database;
    const [kept, dropped] = [uniqueStreamId('kept'), uniqueStreamId('dropped')];

    await knex.transaction(async (trx) => {
      await appendInTransaction(trx, [{ streamId: dropped, events: newEvents(1), expectedVersion: 0 }]);
      await trx.rollback();
    });
    await knex.transaction(async (trx) => {
      await appendInTransaction(trx, [{ streamId: kept, events: newEvents(1), expectedVersion: 0 }]);
      // A rejected append leaves the transaction usable.
      await expect(
        appendInTransaction(trx, [{ streamId: kept, events: newEvents(1), expectedVersion: 0 }]),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      await appendInTransaction(trx, [{ streamId: kept, events: newEvents(1), expectedVersion: 1 }]);
    });
    store.notifyAppended();

    expect(await store.readStream(dropped)).toEqual([]);
    expect((await store.readStream(kept)).map((event) => event.streamVersion)).toEqual([1, 2]);
  });

  it('refuses calls without events before they reach the database', async () => {
    await expect(store.append(uniqueStreamId('empty'), [], 0)).rejects.toBeInstanceOf(RangeError);
    await expect(store.appendMany([])).rejects.toBeInstanceOf(RangeError);
    await expect(store.append(uniqueStreamId('negative'), newEvents(1), -1)).rejects.toBeInstanceOf(RangeError);
  });
});
