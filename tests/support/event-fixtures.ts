import { randomUUID } from 'node:crypto';
import type { NewEvent, StoredEvent } from '@shop/infrastructure';

/** A stream id no other test (or run, on a shared server) uses. */
export function uniqueStreamId(prefix: string): string {
  return `${prefix}-${randomUUID()}`;
}

export function newEvent(type: string, data: Record<string, unknown> = {}): NewEvent {
  return {
    type,
    schemaVersion: 1,
    data,
    metadata: { actorId: 'user-1', actorName: 'Test User', at: '2025-01-01T10:00:00.000Z' },
  };
}

export function newEvents(count: number, type = 'TestEventHappened'): NewEvent[] {
  return Array.from({ length: count }, (_, index) => newEvent(type, { index }));
}

export function eventsOf(events: readonly StoredEvent[], streamIds: Iterable<string>): StoredEvent[] {
  const wanted = new Set(streamIds);
  return events.filter((event) => wanted.has(event.streamId));
}

/** Polls until `check` holds, failing with `describe()` after the timeout. */
export async function waitUntil(check: () => boolean, describe: () => string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out: ${describe()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
