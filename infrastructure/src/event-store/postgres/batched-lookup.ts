import { MicroBatcher } from '../../batching';

interface Lookup<Key, Value> {
  readonly key: Key;
  readonly resolve: (value: Value | undefined) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group reads, as group commit does for appends (both are a MicroBatcher): one query in flight at a
 * time per lookup; keys asked for meanwhile go together into the next one (`where key = any(...)`),
 * each key once however many ask for it. The answer is never staler than a query of its own.
 */
export class BatchedLookup<Key, Value> {
  private readonly batcher: MicroBatcher<Lookup<Key, Value>>;

  constructor(loadMany: (keys: readonly Key[]) => Promise<ReadonlyMap<Key, Value>>, maxKeysPerQuery = 500) {
    this.batcher = new MicroBatcher<Lookup<Key, Value>>({
      take: (waiting) => {
        const keys = new Set<Key>();
        let count = 0;
        for (const lookup of waiting) {
          if (!keys.has(lookup.key) && keys.size >= maxKeysPerQuery) break;
          keys.add(lookup.key);
          count += 1;
        }
        return count;
      },
      run: async (batch) => {
        const found = await loadMany([...new Set(batch.map((lookup) => lookup.key))]);
        for (const lookup of batch) lookup.resolve(found.get(lookup.key));
      },
      fail: (batch, error) => batch.forEach((lookup) => lookup.reject(error)),
    });
  }

  /** The value for `key`, or undefined when the query found none. */
  load(key: Key): Promise<Value | undefined> {
    return new Promise((resolve, reject) => this.batcher.add({ key, resolve, reject }));
  }
}
