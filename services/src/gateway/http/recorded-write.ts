import { DomainError } from '@shop/domain';

/**
 * A write whose events are stored but whose read-model row is not there yet (the projection lags or
 * is halted): answered 202 with the new ids, never 404 for something just recorded.
 */
export class RecordedNotYetVisible extends Error {
  constructor(readonly ids: Readonly<Record<string, string | number>>) {
    super('Recorded; it will show once the read models catch up');
    this.name = 'RecordedNotYetVisible';
  }
}

/** Reads back what a command just created; a "not found" from a lagging read model becomes RecordedNotYetVisible. */
export async function readBackRecorded<T>(
  read: () => Promise<T>,
  ids: Readonly<Record<string, string | number>>,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof DomainError && error.code === 'not_found') throw new RecordedNotYetVisible(ids);
    throw error;
  }
}
