import { MicroBatcher } from '../../batching';
import { unfollowable, type AppendTicket } from '../append-ticket';
import type { AppendResult, StreamAppend } from '../event-store.port';

export interface PendingCall {
  readonly appends: readonly StreamAppend[];
  readonly encoded: string;
  readonly resolve: (results: AppendResult[]) => void;
  readonly reject: (error: unknown) => void;
}

interface QueuedCall extends PendingCall {
  readonly after: readonly AppendTicket[];
}

export interface GroupCommitOptions {
  /** Writes one batch in one transaction and settles every call in it. */
  readonly writeBatch: (calls: readonly PendingCall[]) => Promise<void>;
  readonly maxCallsPerBatch: number;
  readonly maxEventsPerBatch: number;
}

/**
 * Group commit: one write transaction in flight at a time; calls arriving meanwhile wait and go
 * together into the next one (a MicroBatcher). A transaction costs round trips and a commit
 * whatever its size, so batching is what lets many small appends through per second.
 *
 * A call that goes `after` others (decided on the states they leave) never joins a batch with one
 * of them still pending: it waits in line, the calls behind it go ahead, and it joins the batch
 * after theirs, once they are settled; it is refused unwritten if one was refused. Its expected
 * versions then guard it as any call's.
 */
export class GroupCommit {
  private readonly batcher: MicroBatcher<QueuedCall>;

  constructor(options: GroupCommitOptions) {
    this.batcher = new MicroBatcher<QueuedCall>({
      take: (waiting) => {
        let events = 0;
        let count = 0;
        for (const call of waiting) {
          const callEvents = call.appends.reduce((sum, append) => sum + append.events.length, 0);
          if (count > 0 && (count >= options.maxCallsPerBatch || events + callEvents > options.maxEventsPerBatch))
            break;
          events += callEvents;
          count += 1;
        }
        return count;
      },
      run: async (batch) => {
        const ready = refuseUnfollowable(batch);
        if (ready.length > 0) await options.writeBatch(ready);
      },
      fail: (batch, error) => batch.forEach((call) => call.reject(error)),
      holdBack: (call) => call.after.some((ticket) => ticket.pending),
    });
  }

  submit(
    appends: readonly StreamAppend[],
    encoded: string,
    ticket?: AppendTicket,
    after: readonly AppendTicket[] = [],
  ): Promise<AppendResult[]> {
    return new Promise((resolve, reject) =>
      this.batcher.add({
        appends,
        encoded,
        after,
        resolve: (results) => {
          ticket?.markWritten();
          resolve(results);
        },
        reject: (error) => {
          ticket?.markRefused();
          reject(error);
        },
      }),
    );
  }

  /** Resolves once every call submitted so far is settled. */
  idle(): Promise<void> {
    return this.batcher.idle();
  }
}

/**
 * The calls of a batch that may be written. One decided after a refused append is refused as a
 * version conflict, unwritten. Its predecessors are settled by now (an earlier batch took them);
 * one still pending never reached this store (or sits in this very batch), so the call cannot
 * follow it: it is refused the same way, and its command decides again on what was written.
 */
function refuseUnfollowable(batch: readonly QueuedCall[]): QueuedCall[] {
  const ready: QueuedCall[] = [];
  for (const call of batch) {
    if (call.after.some((ticket) => !ticket.written)) call.reject(unfollowable(call.appends));
    else ready.push(call);
  }
  return ready;
}
