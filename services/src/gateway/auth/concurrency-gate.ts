/** Thrown by ConcurrencyGate.run when every slot is busy and the wait queue is full. */
export class GateFull extends Error {}

/**
 * At most `concurrency` tasks at a time, at most `maxWaiting` more waiting in line (first come,
 * first served); beyond that run() fails at once with GateFull instead of piling up.
 * Hand-written rather than p-limit/p-queue: those queue without bound (the bound is the point)
 * and are ESM-only; this is the whole of it.
 */
export class ConcurrencyGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running < this.concurrency) this.running += 1;
    else if (this.waiting.length < this.maxWaiting) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else throw new GateFull();
    try {
      return await task();
    } finally {
      // A finished task hands its slot straight to the next in line, so `running` stays counted.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
  }
}
