import {
  START,
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type KurrentDBClient,
} from '@kurrent/kurrentdb-client';
import {
  comparePositions,
  type GlobalPosition,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-store.port';
import { toStoredEvent } from './kurrent-event.mapper';

const retryAfterErrorMs = 1_000;

/**
 * subscribeToAll pushes events; they are buffered and handed over in batches of what has arrived,
 * pausing the stream while a full batch waits. A failed handler is retried with the same batch; a
 * dropped subscription is reopened after the last delivered position.
 */
export function startKurrentSubscription(client: KurrentDBClient, options: SubscribeOptions): Subscription {
  const batchSize = options.batchSize ?? 500;
  let after: GlobalPosition | null = options.after;
  let buffer: StoredEvent[] = [];
  let stopped = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const signal = () => wake?.();
  const waitForSignal = (timeoutMs?: number) =>
    new Promise<void>((resolve) => {
      const timer = timeoutMs === undefined ? undefined : setTimeout(() => resolve(), timeoutMs);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  const retired = new WeakSet<object>();
  const open = () => {
    const stream = client.subscribeToAll({ fromPosition: after ?? START, filter: excludeSystemEvents() });
    stream.on('data', (resolved: AllStreamResolvedEvent) => {
      const event = toStoredEvent(resolved);
      const last = buffer.at(-1)?.position ?? after;
      // The start position may be delivered again; anything not beyond it is old.
      if (!event || (last && comparePositions(event.position, last) <= 0)) return;
      buffer.push(event);
      if (buffer.length >= batchSize) stream.pause();
      signal();
    });
    stream.on('error', (error: Error) => {
      failure ??= error;
      signal();
    });
    // A live subscription only ends when asked to: any other end is a drop to recover from.
    stream.on('close', () => {
      if (stopped || retired.has(stream)) return;
      failure ??= new Error('KurrentDB subscription closed unexpectedly');
      signal();
    });
    return stream;
  };

  let stream = open();
  const loop = (async () => {
    while (!stopped) {
      if (failure) {
        options.onError?.(failure);
        failure = null;
        retired.add(stream);
        await stream.unsubscribe().catch(() => undefined);
        buffer = [];
        await waitForSignal(retryAfterErrorMs);
        if (!stopped) stream = open();
        continue;
      }
      if (buffer.length === 0) {
        await waitForSignal();
        continue;
      }
      const batch = buffer.slice(0, batchSize);
      try {
        await options.onEvents(batch);
        buffer = buffer.slice(batch.length);
        after = batch.at(-1)?.position ?? after;
        if (stream.isPaused() && buffer.length < batchSize) stream.resume();
      } catch (error) {
        if (stopped) break;
        options.onError?.(error);
        await waitForSignal(retryAfterErrorMs);
      }
    }
  })();

  return {
    async stop() {
      stopped = true;
      signal();
      await loop;
      await stream.unsubscribe().catch(() => undefined);
    },
  };
}
