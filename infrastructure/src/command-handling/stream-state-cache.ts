/** How a stream's state is folded; the cache keys its entries by this object's identity. */
export interface StreamFold<State> {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: any) => State;
}

interface CachedState {
  readonly fold: StreamFold<unknown>;
  readonly state: unknown;
  /** Events in the stream when `state` was folded: the expected version of the next append. */
  readonly version: number;
}

/**
 * The folded state of recently written streams, so a command on a hot stream (a product's stock)
 * decides without reading and re-folding the stream's whole history each time.
 *
 * It is only a hint: every append still carries the cached version as its expected version, so a
 * stale entry (another gateway wrote since) fails with a version conflict and the handler reloads
 * from the store. Entries are filled only from what this process has committed and dropped on any
 * doubt. Least recently used streams are evicted beyond `capacity`.
 */
export class StreamStateCache {
  private readonly entries = new Map<string, CachedState>();

  constructor(private readonly capacity = 10_000) {}

  get<State>(streamId: string, fold: StreamFold<State>): { state: State; version: number } | null {
    const entry = this.entries.get(streamId);
    if (!entry || entry.fold !== fold) return null;
    // Re-inserted: Map order is the recency order.
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    return { state: entry.state as State, version: entry.version };
  }

  /** After a successful append of `events` at `version`: the state they lead to. */
  set<State>(streamId: string, fold: StreamFold<State>, state: State, version: number): void {
    this.entries.delete(streamId);
    this.entries.set(streamId, { fold: fold as StreamFold<unknown>, state, version });
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  forget(streamId: string): void {
    this.entries.delete(streamId);
  }
}
