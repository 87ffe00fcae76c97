import { randomUUID } from 'node:crypto';
import {
  AppendFailedError,
  PostgresEventStore,
  UnstorableEventDataError,
  WrongExpectedVersionError,
  appendInTransaction,
  writeCalls,
  type AppendResult,
  type PendingCall,
  type StreamAppend,
} from '@shop/infrastructure';
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

  it('writes concurrent calls over several existing streams in the fast path, every stream found and moved on', async () => {
    const products = Array.from({ length: 6 }, () => uniqueStreamId('product'));
    await store.appendMany(products.map((streamId) => ({ streamId, events: newEvents(1), expectedVersion: 0 })));
    // Sale-shaped calls: a new stream of their own and three existing ones, overlapping each other.
    const calls = [0, 1, 2].map((index) => [
      { streamId: uniqueStreamId('sale'), events: newEvents(2), expectedVersion: 0 },
      ...products
        .slice(index, index + 3)
        .map((streamId) => ({ streamId, events: newEvents(1), expectedVersion: 'any' as const })),
    ]);
    const results = await Promise.all(calls.map((call) => store.appendMany(call)));

    expect(reruns).toEqual([]);
    expect(new Set(results.flatMap((result) => result.map((stream) => stream.position.commit))).size).toBe(1);
    expect(results.map((result) => result.map((stream) => stream.nextExpectedVersion))).toEqual([
      [2, 2, 2, 2],
      [2, 3, 3, 2],
      [2, 4, 3, 2],
    ]);
    for (const [index, streamId] of products.entries())
      expect(await store.readStream(streamId)).toHaveLength([2, 3, 4, 3, 2, 1][index]!);
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

  it('isolates a failing append in a concurrent batch: only that call fails, every other one commits', async () => {
    const streams = Array.from({ length: 40 }, (_, index) => uniqueStreamId(`crowd-${index}`));
    const faulty = new Set([7, 23]);
    const results = await Promise.allSettled(
      streams.map((streamId, index) =>
        store.append(
          streamId,
          // Not a uuid: passes the store's own checks, and the database refuses it inside the batch.
          faulty.has(index) ? [{ ...newEvent('Broken'), id: `not-a-uuid-${index}` }] : newEvents(2),
          0,
        ),
      ),
    );

    results.forEach((result, index) => expect(result.status).toBe(faulty.has(index) ? 'rejected' : 'fulfilled'));
    expect(reruns.length).toBeGreaterThan(0);
    const stored = await Promise.all(streams.map((streamId) => store.readStream(streamId)));
    stored.forEach((events, index) => expect(events).toHaveLength(faulty.has(index) ? 0 : 2));
  });

  it('refuses text PostgreSQL cannot store (NUL, lone surrogates) with a clear error naming it, and the others commit', async () => {
    const streams = Array.from({ length: 12 }, (_, index) => uniqueStreamId(`text-${index}`));
    const bad: Record<number, { event: ReturnType<typeof newEvent>; path: string }> = {
      2: { event: newEvent('Noted', { notes: 'before\u0000after' }), path: 'append[0].events[0].data.notes' },
      5: { event: newEvent('Noted', { ['key\ud800']: 'value' }), path: 'append[0].events[0].data.key\ud800' },
      9: {
        event: {
          ...newEvent('Noted'),
          metadata: { actorId: null, actorName: 'lone \udc00 low', at: '2025-01-01T10:00:00.000Z' },
        },
        path: 'append[0].events[0].metadata.actorName',
      },
    };
    // Escaped backslashes and paired surrogates are fine: a literal "\\u0000" and an emoji.
    const fine = newEvent('Noted', { notes: 'a literal \\u0000 and \ud83d\ude00 and \\\\u0000' });
    const results = await Promise.allSettled(
      streams.map((streamId, index) => store.append(streamId, [bad[index]?.event ?? fine], 0)),
    );

    results.forEach((result, index) => {
      const expected = bad[index];
      if (!expected) return expect(result.status).toBe('fulfilled');
      expect(result).toMatchObject({ status: 'rejected', reason: expect.any(UnstorableEventDataError) });
      expect((result as PromiseRejectedResult).reason).toMatchObject({ path: expected.path });
    });
    expect(reruns).toEqual([]);
    expect((await store.readStream(streams[0]!))[0]?.data).toEqual(fine.data);
  });

  it('a call whose input the database cannot even cast fails alone, its neighbours commit (writeCalls fallback)', async () => {
    const { knex } = testDatabase.database;
    const streams = Array.from({ length: 5 }, (_, index) => uniqueStreamId(`cast-${index}`));
    const settled: { index: number; outcome: 'resolved' | 'rejected' }[] = [];
    const calls: PendingCall[] = streams.map((streamId, index) => {
      const appends: StreamAppend[] = [{ streamId, expectedVersion: 0, events: [newEvent('Cast', { index })] }];
      const encoded = JSON.stringify([
        { streamId, expectedVersion: '0', events: [{ ...newEvent('Cast', { index }), id: randomUUID() }] },
      ]);
      return {
        appends,
        // Smuggles past encodeAppendCall's check what only the database's jsonb cast refuses.
        encoded: index === 2 ? encoded.replace('"index":2', '"index":"\\u0000"') : encoded,
        resolve: (_: AppendResult[]) => settled.push({ index, outcome: 'resolved' }),
        reject: () => settled.push({ index, outcome: 'rejected' }),
      };
    });

    await writeCalls(knex, calls, (error) => reruns.push(error));

    expect(settled.sort((a, b) => a.index - b.index).map((entry) => entry.outcome)).toEqual([
      'resolved',
      'resolved',
      'rejected',
      'resolved',
      'resolved',
    ]);
    const stored = await Promise.all(streams.map((streamId) => store.readStream(streamId)));
    expect(stored.map((events) => events.length)).toEqual([1, 1, 0, 1, 1]);
  });
});
