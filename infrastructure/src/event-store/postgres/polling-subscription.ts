import {
  comparePositions,
  type GlobalPosition,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-store.port';

export interface PollingSource {
  readAll(options: { after: GlobalPosition | null; limit: number }): Promise<StoredEvent[]>;
  /** Registers a callback for "something was appended" (up to `position`, when known); returns its removal. */
  listen(waker: (position?: GlobalPosition) => void): () => void;
}

export interface PollingTimings {
  readonly idlePollMs: number;
  readonly retryAfterErrorMs: number;
}

const defaultTimings: PollingTimings = { idlePollMs: 50, retryAfterErrorMs: 1_000 };

/**
 * Catch-up then live, one loop: read a batch after the last delivered position, hand it over, and
 * read again at once when it was full, otherwise sleep until the poll interval ends or an append in
 * this process signals. Polling still catches writes from other processes.
 * A failed read or handler is reported and retried from the same position (at-least-once).
 */
export function startPollingSubscription(
  source: PollingSource,
  options: SubscribeOptions,
  timings: PollingTimings = defaultTimings,
): Subscription {
  const batchSize = options.batchSize ?? 500;
  let after = options.after;
  let stopped = false;
  let signalled = false;
  /** Highest position signalled since the loop last started a read; null: unknown (wake regardless). */
  let signalledUpTo: GlobalPosition | null = null;
  let wake: (() => void) | null = null;

  const interrupt = (position?: GlobalPosition) => {
    if (!signalled) signalledUpTo = position ?? null;
    else if (signalledUpTo !== null)
      signalledUpTo = position ? (comparePositions(position, signalledUpTo) > 0 ? position : signalledUpTo) : null;
    signalled = true;
    wake?.();
  };
  // A signal for events the read that was under way already delivered needs no second read.
  const alreadyDelivered = () =>
    signalled && signalledUpTo !== null && after !== null && comparePositions(signalledUpTo, after) <= 0;
  const stopListening = source.listen(interrupt);

  // After an error only stop() cuts the pause short, so a failing handler does not spin on every append.
  const sleep = (ms: number, wakeOnAppend: boolean) =>
    new Promise<void>((resolve) => {
      if (stopped || (wakeOnAppend && signalled)) return resolve();
      const done = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      wake = () => {
        if (stopped || wakeOnAppend) done();
      };
    });

  const loop = (async () => {
    while (!stopped) {
      signalled = false;
      try {
        const events = await source.readAll({ after, limit: batchSize });
        if (stopped) break;
        const last = events.at(-1);
        if (last) {
          await options.onEvents(events);
          after = last.position;
        }
        if (alreadyDelivered()) signalled = false;
        if (events.length < batchSize) await sleep(timings.idlePollMs, true);
      } catch (error) {
        if (stopped) break;
        options.onError?.(error);
        await sleep(timings.retryAfterErrorMs, false);
      }
    }
  })().finally(stopListening);

  return {
    async stop() {
      stopped = true;
      interrupt();
      await loop;
    },
  };
}
