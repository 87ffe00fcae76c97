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
 * together into the next one. A transaction costs round trips and a commit whatever its size, so
 * batching is what lets many small appends through per second.
 */
export class GroupCommit {
  private readonly queue: PendingCall[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly options: GroupCommitOptions) {}

  submit(appends: readonly StreamAppend[], encoded: string): Promise<AppendResult[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ appends, encoded, resolve, reject });
      // Starting on a microtask lets calls made in the same tick share the first transaction too.
      this.running ??= Promise.resolve().then(() => this.drain());
    });
  }

  /** Resolves once every call submitted so far is settled. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.takeBatch();
        try {
          await this.options.writeBatch(batch);
        } catch (error) {
          for (const call of batch) call.reject(error);
        }
      }
    } finally {
      this.running = null;
    }
  }

  private takeBatch(): PendingCall[] {
    let events = 0;
    let count = 0;
    for (const call of this.queue) {
      const callEvents = call.appends.reduce((sum, append) => sum + append.events.length, 0);
      if (count > 0 && (count >= this.options.maxCallsPerBatch || events + callEvents > this.options.maxEventsPerBatch))
        break;
      events += callEvents;
      count += 1;
    }
    return this.queue.splice(0, count);
  }
}
