import type { StreamAppend } from './event-store.port';

/** The rules every adapter enforces before writing: at least one stream, events, sane versions. */
export function validateAppends(appends: readonly StreamAppend[]): void {
  if (appends.length === 0) throw new RangeError('An append needs at least one stream');
  for (const { streamId, events, expectedVersion } of appends) {
    if (events.length === 0) throw new RangeError(`Append to ${streamId} has no events`);
    if (expectedVersion !== 'any' && (!Number.isInteger(expectedVersion) || expectedVersion < 0)) {
      throw new RangeError(`Append to ${streamId}: expected version must be a count or 'any', got ${expectedVersion}`);
    }
  }
}
