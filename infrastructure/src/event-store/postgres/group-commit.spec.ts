import { AppendTicket } from '../append-ticket';
import { WrongExpectedVersionError, type AppendResult, type StreamAppend } from '../event-store.port';
import { GroupCommit, type PendingCall } from './group-commit';

const appendOf = (streamId: string, eventCount = 1): StreamAppend[] => [
  {
    streamId,
    expectedVersion: 'any',
    events: Array.from({ length: eventCount }, () => ({
      type: 'Tested',
      schemaVersion: 1,
      data: {},
      metadata: { actorId: null, actorName: 'test', at: '2025-01-01T00:00:00.000Z' },
    })),
  },
];

const resultFor = (call: PendingCall): AppendResult[] => [
  { nextExpectedVersion: call.appends[0]!.events.length, position: { commit: 1n, prepare: 1n } },
];

describe('GroupCommit', () => {
  it('writes calls made in the same tick together, and calls made during a write in the next batch', async () => {
    const batches: string[][] = [];
    let releaseFirst: () => void = () => undefined;
    const groupCommit = new GroupCommit({
      maxCallsPerBatch: 100,
      maxEventsPerBatch: 1_000,
      writeBatch: async (calls) => {
        batches.push(calls.map((call) => call.appends[0]!.streamId));
        if (batches.length === 1) await new Promise<void>((resolve) => (releaseFirst = resolve));
        for (const call of calls) call.resolve(resultFor(call));
      },
    });

    const first = [groupCommit.submit(appendOf('a'), ''), groupCommit.submit(appendOf('b'), '')];
    await Promise.resolve();
    await Promise.resolve();
    const second = [groupCommit.submit(appendOf('c'), ''), groupCommit.submit(appendOf('d'), '')];
    releaseFirst();
    await Promise.all([...first, ...second]);
    await groupCommit.idle();

    expect(batches).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('caps a batch by calls and by events, but always takes at least one call', async () => {
    const batches: number[] = [];
    const groupCommit = new GroupCommit({
      maxCallsPerBatch: 2,
      maxEventsPerBatch: 5,
      writeBatch: async (calls) => {
        batches.push(calls.length);
        for (const call of calls) call.resolve(resultFor(call));
      },
    });
    await Promise.all([
      groupCommit.submit(appendOf('a'), ''),
      groupCommit.submit(appendOf('b'), ''),
      groupCommit.submit(appendOf('c', 4), ''),
      groupCommit.submit(appendOf('d', 2), ''),
      groupCommit.submit(appendOf('e', 9), ''),
    ]);
    expect(batches).toEqual([2, 1, 1, 1]);
  });

  it('rejects every call of a batch whose write failed, and carries on with the next', async () => {
    let writes = 0;
    const groupCommit = new GroupCommit({
      maxCallsPerBatch: 1,
      maxEventsPerBatch: 100,
      writeBatch: async (calls) => {
        writes += 1;
        if (writes === 1) throw new Error('connection lost');
        for (const call of calls) call.resolve(resultFor(call));
      },
    });
    const failed = groupCommit.submit(appendOf('a'), '');
    const next = groupCommit.submit(appendOf('b'), '');
    await expect(failed).rejects.toThrow('connection lost');
    await expect(next).resolves.toHaveLength(1);
  });

  it('keeps a call decided after a pending one out of its batch: the calls behind it go ahead, it joins the next', async () => {
    const batches: string[][] = [];
    const groupCommit = new GroupCommit({
      maxCallsPerBatch: 100,
      maxEventsPerBatch: 1_000,
      writeBatch: async (calls) => {
        batches.push(calls.map((call) => call.appends[0]!.streamId));
        for (const call of calls) call.resolve(resultFor(call));
      },
    });
    const first = new AppendTicket();
    const second = new AppendTicket();
    await Promise.all([
      groupCommit.submit(appendOf('a'), '', first),
      groupCommit.submit(appendOf('a'), '', second, [first]),
      groupCommit.submit(appendOf('b'), ''),
      groupCommit.submit(appendOf('a'), '', undefined, [second]),
      groupCommit.submit(appendOf('c'), ''),
    ]);
    expect(batches).toEqual([['a', 'b', 'c'], ['a'], ['a']]);
    expect([first.pending, second.pending, first.refused, second.refused]).toEqual([false, false, false, false]);
  });

  it('refuses, unwritten, a call decided after one that was refused, as a version conflict', async () => {
    const written: string[] = [];
    const groupCommit = new GroupCommit({
      maxCallsPerBatch: 100,
      maxEventsPerBatch: 1_000,
      writeBatch: async (calls) => {
        for (const call of calls) {
          if (call.appends[0]!.streamId === 'stale') call.reject(new WrongExpectedVersionError('stale', 3, 4));
          else {
            written.push(call.appends[0]!.streamId);
            call.resolve(resultFor(call));
          }
        }
      },
    });
    const refused = new AppendTicket();
    const dependent = new AppendTicket();
    const results = await Promise.allSettled([
      groupCommit.submit(appendOf('stale'), '', refused),
      groupCommit.submit(appendOf('after-stale'), '', dependent, [refused]),
      groupCommit.submit(appendOf('after-after'), '', undefined, [dependent]),
      groupCommit.submit(appendOf('independent'), ''),
    ]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedVersionError);
    expect(written).toEqual(['independent']);
    expect([refused.refused, dependent.refused]).toEqual([true, true]);
  });

  it('refuses, unwritten, a call decided after an append that never reached the store, instead of waiting for it', async () => {
    let writes = 0;
    const groupCommit = new GroupCommit({
      maxCallsPerBatch: 100,
      maxEventsPerBatch: 1_000,
      writeBatch: async (calls) => {
        writes += calls.length;
        for (const call of calls) call.resolve(resultFor(call));
      },
    });
    const neverSubmitted = new AppendTicket();
    await expect(groupCommit.submit(appendOf('a'), '', undefined, [neverSubmitted])).rejects.toBeInstanceOf(
      WrongExpectedVersionError,
    );
    expect(writes).toBe(0);
  });
});
