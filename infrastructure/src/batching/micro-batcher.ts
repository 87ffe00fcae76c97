/**
 * Micro-batching, as group commit does it: one batch in flight at a time; items that arrive
 * meanwhile wait and go together into the next one. A round trip or a commit costs the same
 * whatever its size, so a burst of concurrent calls costs one each batch instead of one each call,
 * which matters most on PGlite's single connection, where queries queue anyway. An item always
 * goes into a batch that starts after it arrived.
 */
export interface MicroBatcherOptions<Item> {
  /** How many of the waiting items (at least 1) go into the next batch. */
  readonly take: (waiting: readonly Item[]) => number;
  /** Runs one batch; it settles its items itself. */
  readonly run: (batch: readonly Item[]) => Promise<void>;
  /** A batch whose run threw: fail each of its items. */
  readonly fail: (batch: readonly Item[], error: unknown) => void;
  /** Items that must wait for a later batch (they stay in line, in order); none when every item would. */
  readonly holdBack?: (item: Item) => boolean;
}

export class MicroBatcher<Item> {
  private readonly waiting: Item[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly options: MicroBatcherOptions<Item>) {}

  add(item: Item): void {
    this.waiting.push(item);
    // Starting on a microtask lets items added in the same tick share the first batch too.
    this.running ??= Promise.resolve().then(() => this.drain());
  }

  /** Resolves once every item added so far is settled. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private async drain(): Promise<void> {
    try {
      while (this.waiting.length > 0) {
        const batch = this.nextBatch();
        try {
          await this.options.run(batch);
        } catch (error) {
          this.options.fail(batch, error);
        }
      }
    } finally {
      this.running = null;
    }
  }

  private nextBatch(): Item[] {
    const { holdBack, take } = this.options;
    const eligible = holdBack ? this.waiting.filter((item) => !holdBack(item)) : this.waiting;
    if (eligible.length === this.waiting.length || eligible.length === 0)
      return this.waiting.splice(0, Math.max(1, take(this.waiting)));
    const batch = eligible.slice(0, Math.max(1, take(eligible)));
    const taken = new Set(batch);
    const rest = this.waiting.filter((item) => !taken.has(item));
    this.waiting.length = 0;
    this.waiting.push(...rest);
    return batch;
  }
}
