import type { Decider } from '../../domain';

interface CachedState {
  readonly decider: Pick<Decider<never, unknown>, 'evolve'>;
  readonly state: unknown;
  /** Events in the stream when `state` was folded: the expected version of the next append. */
  readonly version: number;
}

/**
 * The folded state of recently written streams, so a command on a hot stream (a product's stock)
 * decides without reading and re-folding the stream's whole history each time.
 *
 * It is only a hint: every append still carries the cached version as its expected version, so a
 * stale entry (another gateway wrote since) fails with a version conflict and the writer reloads
 * from the store. Entries are filled only from what this process has committed and dropped on any
 * doubt. Least recently used streams are evicted beyond `capacity`.
 */
export class StreamStateCache {
  private readonly entries = new Map<string, CachedState>();

  constructor(private readonly capacity = 10_000) {}

  get<State>(
    streamId: string,
    decider: Pick<Decider<never, State>, 'evolve'>,
  ): { state: State; version: number } | null {
    const entry = this.entries.get(streamId);
    if (!entry || entry.decider !== decider) return null;
    // Re-inserted: Map order is the recency order.
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    return { state: entry.state as State, version: entry.version };
  }

  /** After a successful append of `events` at `version`: the state they lead to. */
  set<State>(streamId: string, decider: Pick<Decider<never, State>, 'evolve'>, state: State, version: number): void {
    this.entries.delete(streamId);
    this.entries.set(streamId, { decider: decider as CachedState['decider'], state, version });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  forget(streamId: string): void {
    this.entries.delete(streamId);
  }
}
