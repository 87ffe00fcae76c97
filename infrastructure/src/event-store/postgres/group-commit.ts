import { MicroBatcher } from '../../batching';
import type { AppendResult, StreamAppend } from '../event-store.port';

export interface PendingCall {
  readonly appends: readonly StreamAppend[];
  readonly encoded: string;
  readonly resolve: (results: AppendResult[]) => void;
  readonly reject: (error: unknown) => void;
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
 */
export class GroupCommit {
  private readonly batcher: MicroBatcher<PendingCall>;

  constructor(options: GroupCommitOptions) {
    this.batcher = new MicroBatcher<PendingCall>({
      take: (waiting) => {
        let events = 0;
        let count = 0;
        for (const call of waiting) {
          const callEvents = call.appends.reduce((sum, append) => sum + append.events.length, 0);
          if (count > 0 && (count >= options.maxCallsPerBatch || events + callEvents > options.maxEventsPerBatch)) break;
          events += callEvents;
          count += 1;
        }
        return count;
      },
      run: options.writeBatch,
      fail: (batch, error) => batch.forEach((call) => call.reject(error)),
    });
  }

  submit(appends: readonly StreamAppend[], encoded: string): Promise<AppendResult[]> {
    return new Promise((resolve, reject) => this.batcher.add({ appends, encoded, resolve, reject }));
  }

  /** Resolves once every call submitted so far is settled. */
  idle(): Promise<void> {
    return this.batcher.idle();
  }
}
