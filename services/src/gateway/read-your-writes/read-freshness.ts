import { BatchedLookup, type EventStore, type GlobalPosition } from '@shop/infrastructure';
import type { ReadModelSync } from '../infrastructure/read-model-sync';

/** While the read models are stalled (a wait timed out and none has succeeded since), a read waits at most this long. */
export const STALLED_WAIT_MS = 250;
/** A wait that ended unreached after this long timed out (one that ends at once found a read model failing). */
const TIMED_OUT_AFTER_MS = 1_000;

/**
 * Read-your-writes without a per-write record: before a signed-in request runs, the read models
 * reach the store's newest committed position as of its arrival (its high-water mark, as Marten's
 * QueryForNonStaleData waits for). Whatever wrote last, on whichever gateway, is then visible to
 * the read, so a session sees its own writes, and everyone's, without storing anything per write.
 * Concurrent requests share one high-water-mark query (a BatchedLookup: never older than the
 * request). Bounded: a read model that is failing is not waited for, and after a wait that timed
 * out (no projector running, a stuck one) reads wait at most STALLED_WAIT_MS instead of the full
 * bound, until one reaches its mark again: a projector that comes back is waited for at once.
 */
export class ReadFreshness {
  private readonly marks: BatchedLookup<'mark', GlobalPosition>;
  private stalled = false;

  constructor(
    eventStore: EventStore,
    private readonly sync: ReadModelSync,
    private readonly now: () => number = Date.now,
  ) {
    this.marks = new BatchedLookup(async () => {
      const mark = await eventStore.newestCommittedPosition();
      return new Map(mark ? [['mark', mark] as const] : []);
    });
  }

  /** Resolves once the read models show every write committed before the call (or the wait gave up). */
  async caughtUp(): Promise<void> {
    // A store that cannot be reached gives a read from the read models as they stand, not an error.
    const mark = await this.marks.load('mark').catch(() => undefined);
    if (!mark) return;
    const started = this.now();
    const options = this.stalled ? { skipFailing: true, timeoutMs: STALLED_WAIT_MS } : { skipFailing: true };
    const reached = await this.sync.waitFor(mark, options).catch(() => false);
    if (reached) this.stalled = false;
    else if (this.now() - started >= TIMED_OUT_AFTER_MS) this.stalled = true;
  }
}
