import { WrongExpectedVersionError, comparePositions, type StoredEvent } from '@shop/infrastructure';
import { eventsOf, newEvent, newEvents, uniqueStreamId, waitUntil } from '../support/event-fixtures';
import type { ContractContext } from './event-store.contract';

const WRITERS = 20;
const EVENTS_PER_WRITER = 50;
const STREAMS = 7;

/** Concurrency cases of the contract: racing writers, and readers that must never skip a late commit. */
export function describeConcurrencyContract({ harness, canHoldTransactions }: ContractContext): void {
  describe('concurrency', () => {
    it(`delivers every event once and in order while ${WRITERS} writers append ${EVENTS_PER_WRITER} events each`, async () => {
      const { store } = harness();
      const before = await store.headPosition();
      const streamIds = Array.from({ length: STREAMS }, (_, index) => uniqueStreamId(`mixed-${index}`));
      const seen: StoredEvent[] = [];
      const subscription = store.subscribe({
        after: before,
        batchSize: 100,
        onEvents: async (events) => {
          seen.push(...eventsOf(events, streamIds));
        },
      });

      const writer = async (writerIndex: number) => {
        let written = 0;
        const nextStream = () => streamIds[(writerIndex + written) % STREAMS]!;
        while (written < EVENTS_PER_WRITER) {
          const streamId = nextStream();
          const event = newEvent('Mixed', { writerIndex, written });
          // Some calls write to two streams at once, so multi-stream calls share batches too.
          if (written % 5 === 3) {
            const other = streamIds[(writerIndex + written + 1) % STREAMS]!;
            await store.appendMany([
              { streamId, events: [event], expectedVersion: 'any' },
              {
                streamId: other,
                events: [newEvent('Mixed', { writerIndex, written: written + 1 })],
                expectedVersion: 'any',
              },
            ]);
            written += 2;
          } else {
            await store.append(streamId, [event], 'any');
            written += 1;
          }
        }
      };
      await Promise.all(Array.from({ length: WRITERS }, (_, index) => writer(index)));

      const total = WRITERS * EVENTS_PER_WRITER;
      await waitUntil(
        () => seen.length >= total,
        () => `subscriber saw ${seen.length} of ${total}`,
        30_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      await subscription.stop();

      expect(seen.length).toBe(total);
      expect(new Set(seen.map((event) => event.id)).size).toBe(total);
      for (let index = 1; index < seen.length; index += 1) {
        expect(comparePositions(seen[index - 1]!.position, seen[index]!.position)).toBeLessThan(0);
      }
      for (const streamId of streamIds) {
        const versions = seen.filter((event) => event.streamId === streamId).map((event) => event.streamVersion);
        expect(versions).toEqual(versions.map((_, index) => index + 1));
      }
      expect(eventsOf(await store.readAll({ after: before }), streamIds).map((event) => event.id)).toEqual(
        seen.map((event) => event.id),
      );
    });

    it('lets exactly one of several writers with the same expected version win', async () => {
      const { store } = harness();
      const streamId = uniqueStreamId('race');
      await store.append(streamId, newEvents(1), 0);

      const attempts = await Promise.allSettled(
        Array.from({ length: 10 }, (_, index) => store.append(streamId, [newEvent('Raced', { index })], 1)),
      );
      expectOneWinner(attempts);
      expect((await store.readStream(streamId)).map((event) => event.streamVersion)).toEqual([1, 2]);
    });

    it('lets exactly one of two stores win a race for a new stream', async () => {
      const { store } = harness();
      const other = await harness().openAnotherStore();
      try {
        const streamId = uniqueStreamId('two-stores');
        const attempts = await Promise.allSettled([
          store.append(streamId, newEvents(2), 0),
          other.append(streamId, newEvents(3), 0),
          store.append(streamId, newEvents(1), 0),
          other.append(streamId, newEvents(1), 0),
        ]);
        const [winner] = expectOneWinner(attempts);
        expect((await store.readStream(streamId)).length).toBe(winner?.nextExpectedVersion);
      } finally {
        await other.close();
      }
    });

    (canHoldTransactions ? it : it.skip)('never reads past an event whose transaction commits late', async () => {
      const { store, holdAppendOpen } = harness();
      if (!holdAppendOpen) throw new Error('harness cannot hold transactions');
      const before = await store.headPosition();
      const [late, early] = [uniqueStreamId('late'), uniqueStreamId('early')];
      const seen: StoredEvent[] = [];
      const subscription = store.subscribe({
        after: before,
        onEvents: async (events) => {
          seen.push(...eventsOf(events, [late, early]));
        },
      });

      const held = await holdAppendOpen(late, [newEvent('Late')]);
      try {
        await store.append(early, [newEvent('Early1')], 0);
        await store.append(early, [newEvent('Early2')], 1);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(seen).toEqual([]);
        expect(eventsOf(await store.readAll({ after: before }), [late, early])).toEqual([]);
      } finally {
        await held.commit();
      }

      await waitUntil(
        () => seen.length === 3,
        () => `saw ${seen.length} of 3`,
      );
      await subscription.stop();
      expect(seen.map((event) => event.type)).toEqual(['Late', 'Early1', 'Early2']);
      expect(eventsOf(await store.readAll({ after: before }), [late, early]).map((event) => event.type)).toEqual([
        'Late',
        'Early1',
        'Early2',
      ]);
    });
  });
}

function expectOneWinner<T>(attempts: readonly PromiseSettledResult<T>[]): T[] {
  const winners = attempts.flatMap((attempt) => (attempt.status === 'fulfilled' ? [attempt.value] : []));
  const losers = attempts.flatMap((attempt) => (attempt.status === 'rejected' ? [attempt.reason as unknown] : []));
  expect(winners).toHaveLength(1);
  for (const reason of losers) expect(reason).toBeInstanceOf(WrongExpectedVersionError);
  return winners;
}
