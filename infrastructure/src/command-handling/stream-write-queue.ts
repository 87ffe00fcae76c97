/**
 * Commands of this process that touch a common stream run one after another; commands on other
 * streams run meanwhile (and share a group commit). Without it, concurrent commands on a hot stream
 * all decide on the same cached version and all but one fail their append with a version
 * conflict, then re-read the stream and decide again: a 10-line sale over popular products could
 * retry for seconds. Writers in other processes are still kept apart by the expected versions.
 *
 * A command takes its place behind every earlier command on any of its streams in one synchronous
 * step, so it only ever waits for commands that arrived before it: no deadlock, whatever the order
 * of the streams. A hand-written keyed queue (see docs/decisions.md): the mutex libraries lock one
 * key at a time, and taking several keys one by one would need a global order to be deadlock-free.
 */
export class StreamWriteQueue {
  /** Per stream, the completion of the last command queued on it. */
  private readonly tails = new Map<string, Promise<void>>();

  async run<Result>(streamIds: readonly string[], work: () => Promise<Result>): Promise<Result> {
    const keys = [...new Set(streamIds)];
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const earlier = keys.flatMap((key) => {
      const tail = this.tails.get(key);
      this.tails.set(key, done);
      return tail ? [tail] : [];
    });
    try {
      if (earlier.length > 0) await Promise.all(earlier);
      return await work();
    } finally {
      for (const key of keys) if (this.tails.get(key) === done) this.tails.delete(key);
      release();
    }
  }

  /** Streams with a command running or waiting (for tests and metrics). */
  get size(): number {
    return this.tails.size;
  }
}
