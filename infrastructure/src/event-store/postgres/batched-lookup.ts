interface Waiter<Value> {
  readonly resolve: (value: Value | undefined) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group reads, as group commit does for appends: one query in flight at a time per lookup; keys
 * asked for meanwhile wait and go together into the next one (`where key = any(...)`). A burst of
 * concurrent requests then costs one round trip instead of one each, which matters most on PGlite's
 * single connection, where queries queue anyway. A key is always read by a query that starts after
 * it was asked for, so the answer is never staler than a query of its own would have been.
 */
export class BatchedLookup<Key, Value> {
  private pending = new Map<Key, Waiter<Value>[]>();
  private running: Promise<void> | null = null;

  constructor(
    private readonly loadMany: (keys: readonly Key[]) => Promise<ReadonlyMap<Key, Value>>,
    private readonly maxKeysPerQuery = 500,
  ) {}

  /** The value for `key`, or undefined when the query found none. */
  load(key: Key): Promise<Value | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.pending.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else this.pending.set(key, [{ resolve, reject }]);
      // Starting on a microtask lets lookups made in the same tick share the first query too.
      this.running ??= Promise.resolve().then(() => this.drain());
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.size > 0) {
        const batch = this.takeBatch();
        try {
          const found = await this.loadMany([...batch.keys()]);
          for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(found.get(key));
        } catch (error) {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        }
      }
    } finally {
      this.running = null;
    }
  }

  private takeBatch(): Map<Key, Waiter<Value>[]> {
    if (this.pending.size <= this.maxKeysPerQuery) {
      const batch = this.pending;
      this.pending = new Map();
      return batch;
    }
    const batch = new Map<Key, Waiter<Value>[]>();
    for (const [key, waiters] of this.pending) {
      if (batch.size >= this.maxKeysPerQuery) break;
      batch.set(key, waiters);
      this.pending.delete(key);
    }
    return batch;
  }
}
