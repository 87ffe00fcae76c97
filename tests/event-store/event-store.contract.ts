import {
  WrongExpectedVersionError,
  comparePositions,
  type EventStore,
  type GlobalPosition,
  type NewEvent,
  type StoredEvent,
  readUntil,
} from '@shop/infrastructure';
import { eventsOf, newEvent, newEvents, uniqueStreamId, waitUntil } from '../support/event-fixtures';
import { describeConcurrencyContract } from './event-store-concurrency.contract';

export interface HeldAppend {
  commit(): Promise<void>;
}

export interface EventStoreHarness {
  readonly store: EventStore;
  /** A second store on the same storage: another writer, as another process would be. */
  openAnotherStore(): Promise<EventStore>;
  /** Appends in a transaction left open until commit(); only where concurrent transactions exist. */
  holdAppendOpen?(streamId: string, events: readonly NewEvent[]): Promise<HeldAppend>;
  dispose(): Promise<void>;
}

export interface ContractContext {
  readonly harness: () => EventStoreHarness;
  readonly canHoldTransactions: boolean;
}

/** The behaviour every EventStore adapter must show. One harness per suite; streams are unique per test. */
export function describeEventStoreContract(
  name: string,
  openHarness: () => Promise<EventStoreHarness>,
  options: { canHoldTransactions: boolean } = { canHoldTransactions: false },
): void {
  describe(`EventStore contract: ${name}`, () => {
    let harness: EventStoreHarness | undefined;
    const current = (): EventStoreHarness => {
      if (!harness) throw new Error('harness not open');
      return harness;
    };
    const store = () => current().store;

    beforeAll(async () => {
      harness = await openHarness();
    });
    afterAll(async () => {
      await harness?.dispose();
    });

    describe('streams', () => {
      it('appends and reads a stream back in version order', async () => {
        const streamId = uniqueStreamId('basket');
        const first = await store().append(
          streamId,
          [newEvent('ItemAdded', { sku: 'A', quantity: 2 }), newEvent('ItemAdded', { sku: 'B' })],
          0,
        );
        const second = await store().append(
          streamId,
          [{ ...newEvent('BasketCheckedOut'), schemaVersion: 2 }],
          first.nextExpectedVersion,
        );

        expect(first.nextExpectedVersion).toBe(2);
        expect(second.nextExpectedVersion).toBe(3);
        expect(comparePositions(second.position, first.position)).toBeGreaterThan(0);
        const events = await store().readStream(streamId);
        expect(events.map((event) => [event.streamVersion, event.type, event.schemaVersion])).toEqual([
          [1, 'ItemAdded', 1],
          [2, 'ItemAdded', 1],
          [3, 'BasketCheckedOut', 2],
        ]);
        expect(events[0]).toMatchObject({
          streamId,
          data: { sku: 'A', quantity: 2 },
          metadata: newEvent('x').metadata,
        });
        expect(new Set(events.map((event) => event.id)).size).toBe(3);
      });

      it('keeps an id given by the caller', async () => {
        const streamId = uniqueStreamId('given-id');
        const id = '7d4f6f0e-6a39-4d61-9d0e-3f1c2b7a9e10';
        await store().append(streamId, [{ ...newEvent('Noted'), id }], 0);
        expect((await store().readStream(streamId))[0]?.id).toBe(id);
      });

      it('reads an unknown stream as empty', async () => {
        expect(await store().readStream(uniqueStreamId('nothing'))).toEqual([]);
      });

      it('rejects a wrong expected version with a typed error and writes nothing', async () => {
        const streamId = uniqueStreamId('conflict');
        await store().append(streamId, newEvents(2), 0);

        const stale = store().append(streamId, newEvents(1), 1);
        await expect(stale).rejects.toBeInstanceOf(WrongExpectedVersionError);
        await expect(stale).rejects.toMatchObject({ streamId, expectedVersion: 1, actualVersion: 2 });
        await expect(store().append(streamId, newEvents(1), 0)).rejects.toMatchObject({
          streamId,
          expectedVersion: 0,
          actualVersion: 2,
        });
        const missing = uniqueStreamId('missing');
        await expect(store().append(missing, newEvents(1), 3)).rejects.toMatchObject({
          streamId: missing,
          actualVersion: null,
        });

        expect((await store().readStream(streamId)).map((event) => event.streamVersion)).toEqual([1, 2]);
        expect(await store().readStream(missing)).toEqual([]);
      });

      it("skips the check for 'any', on new and existing streams", async () => {
        const streamId = uniqueStreamId('any');
        expect((await store().append(streamId, newEvents(2), 'any')).nextExpectedVersion).toBe(2);
        expect((await store().append(streamId, newEvents(1), 'any')).nextExpectedVersion).toBe(3);
        expect((await store().readStream(streamId)).map((event) => event.streamVersion)).toEqual([1, 2, 3]);
      });
    });

    describe('appendMany', () => {
      it('writes several streams at once, each checked against its own expected version', async () => {
        const [order, stock] = [uniqueStreamId('order'), uniqueStreamId('stock')];
        await store().append(stock, newEvents(1), 0);
        const results = await store().appendMany([
          { streamId: order, events: newEvents(2), expectedVersion: 0 },
          { streamId: stock, events: newEvents(1), expectedVersion: 1 },
        ]);
        expect(results.map((result) => result.nextExpectedVersion)).toEqual([2, 2]);
        expect((await store().readStream(order)).length).toBe(2);
        expect((await store().readStream(stock)).length).toBe(2);
      });

      it('writes nothing to any stream when one expected version is wrong', async () => {
        const [good, bad] = [uniqueStreamId('good'), uniqueStreamId('bad')];
        await store().append(bad, newEvents(1), 0);
        const attempt = store().appendMany([
          { streamId: good, events: newEvents(2), expectedVersion: 0 },
          { streamId: bad, events: newEvents(1), expectedVersion: 0 },
        ]);
        await expect(attempt).rejects.toBeInstanceOf(WrongExpectedVersionError);
        await expect(attempt).rejects.toMatchObject({ streamId: bad, expectedVersion: 0, actualVersion: 1 });
        expect(await store().readStream(good)).toEqual([]);
        expect((await store().readStream(bad)).length).toBe(1);
      });
    });

    describe('global order', () => {
      it('reads all events in append order; `after` is exclusive and `limit` caps the page', async () => {
        const before = await store().headPosition();
        const [left, right] = [uniqueStreamId('left'), uniqueStreamId('right')];
        await store().append(left, [newEvent('L1')], 0);
        await store().append(right, [newEvent('R1'), newEvent('R2')], 0);
        const last = await store().append(left, [newEvent('L2')], 1);

        const all = await readUntil(
          async () => eventsOf(await store().readAll({ after: before }), [left, right]),
          (events) => events.length === 4,
        );
        expect(all.map((event) => event.type)).toEqual(['L1', 'R1', 'R2', 'L2']);
        expectStrictlyIncreasing(all.map((event) => event.position));
        expect(all.at(-1)?.position).toEqual(last.position);

        const afterSecond = eventsOf(await store().readAll({ after: all[1]!.position }), [left, right]);
        expect(afterSecond.map((event) => event.type)).toEqual(['R2', 'L2']);
        expect((await store().readAll({ after: before, limit: 2 })).length).toBe(2);
      });

      it('reports the head position: the newest visible event', async () => {
        const result = await store().append(uniqueStreamId('head'), newEvents(3), 0);
        const head = await readUntil(
          () => store().headPosition(),
          (position) => position !== null && comparePositions(position, result.position) >= 0,
        );
        expect(head).toEqual(result.position);
      });
    });

    describe('subscribe', () => {
      it('catches up, then delivers live events, and stops', async () => {
        const before = await store().headPosition();
        const streamId = uniqueStreamId('live');
        await store().append(streamId, newEvents(3), 0);

        const seen: StoredEvent[] = [];
        const subscription = store().subscribe({
          after: before,
          batchSize: 2,
          onEvents: async (events) => {
            seen.push(...eventsOf(events, [streamId]));
          },
        });
        await waitUntil(
          () => seen.length === 3,
          () => `caught up ${seen.length} of 3`,
        );
        await store().append(streamId, newEvents(2), 3);
        await waitUntil(
          () => seen.length === 5,
          () => `live ${seen.length} of 5`,
        );
        expect(seen.map((event) => event.streamVersion)).toEqual([1, 2, 3, 4, 5]);

        await subscription.stop();
        await store().append(streamId, newEvents(1), 5);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(seen.length).toBe(5);
      });

      it('stops while idle, and a handler error is reported and retried with the same batch', async () => {
        const before = await store().headPosition();
        const streamId = uniqueStreamId('retry');
        const errors: unknown[] = [];
        const deliveries: number[][] = [];
        const subscription = store().subscribe({
          after: before,
          onEvents: async (events) => {
            deliveries.push(eventsOf(events, [streamId]).map((event) => event.streamVersion));
            if (deliveries.length === 1) throw new Error('projection hiccup');
          },
          onError: (error) => errors.push(error),
        });
        await store().append(streamId, newEvents(2), 0);
        await waitUntil(
          () => deliveries.length >= 2,
          () => `${deliveries.length} deliveries`,
        );
        await subscription.stop();
        expect(errors).toEqual([new Error('projection hiccup')]);
        expect(deliveries[1]).toEqual(deliveries[0]);
      });

      it('retries a full batch whose handler failed while catching up, then goes on in order', async () => {
        const before = await store().headPosition();
        const streamId = uniqueStreamId('full-retry');
        await store().append(streamId, newEvents(5), 0);
        const errors: unknown[] = [];
        const deliveries: number[][] = [];
        const subscription = store().subscribe({
          after: before,
          batchSize: 2,
          onEvents: async (events) => {
            deliveries.push(eventsOf(events, [streamId]).map((event) => event.streamVersion));
            if (deliveries.length === 1) throw new Error('projection hiccup');
          },
          onError: (error) => errors.push(error),
        });
        await waitUntil(
          () => deliveries.flat().includes(5),
          () => `${JSON.stringify(deliveries)} delivered`,
        );
        await subscription.stop();
        expect(errors).toEqual([new Error('projection hiccup')]);
        expect(deliveries).toEqual([[1, 2], [1, 2], [3, 4], [5]]);
      });
    });

    describeConcurrencyContract({ harness: current, canHoldTransactions: options.canHoldTransactions });
  });
}

export function expectStrictlyIncreasing(positions: readonly GlobalPosition[]): void {
  positions.slice(1).forEach((position, index) => {
    const previous = positions[index]!;
    if (comparePositions(previous, position) >= 0) {
      throw new Error(
        `Positions out of order at #${index + 1}: ${previous.commit}:${previous.prepare} then ${position.commit}:${position.prepare}`,
      );
    }
  });
}
