import { toDomainEvent, type EventType } from '@shop/contracts';
import type { GlobalPosition, StoredEvent } from '@shop/infrastructure';
import type { ProjectedEvent } from '../shared/projection';

/** A stored event with the outcome of parsing it: parsed, unknown type (null), or invalid (error). */
export interface BatchEntry {
  readonly stored: StoredEvent;
  readonly parsed: ProjectedEvent | null;
  readonly error: unknown;
}

/** Every event of the store in (after, last], in global order. */
export interface EventBatch {
  readonly after: GlobalPosition | null;
  readonly entries: readonly BatchEntry[];
  readonly last: GlobalPosition;
}

export class InvalidStoredEventError extends Error {
  constructor(
    readonly stored: StoredEvent,
    cause: unknown,
  ) {
    super(`Event ${stored.id} (${stored.type} v${stored.schemaVersion}, stream ${stored.streamId}) does not parse`, {
      cause,
    });
    this.name = 'InvalidStoredEventError';
  }
}

/**
 * Parses a batch once for all projections. Unknown types are skipped with one warning per type and
 * batch (a newer writer may know more types than this reader). Invalid data is kept as an error:
 * only projections that handle that type must stop on it.
 */
export function parseBatch(
  after: GlobalPosition | null,
  events: readonly StoredEvent[],
  logger: { warn(message: string): void },
): EventBatch | null {
  const last = events[events.length - 1];
  if (!last) return null;
  const unknownTypes = new Map<string, number>();
  const entries = events.map((stored): BatchEntry => {
    try {
      const domainEvent = toDomainEvent(stored.type, stored.schemaVersion, stored.data);
      if (!domainEvent) {
        unknownTypes.set(stored.type, (unknownTypes.get(stored.type) ?? 0) + 1);
        return { stored, parsed: null, error: null };
      }
      const parsed = {
        ...domainEvent,
        eventId: stored.id,
        streamId: stored.streamId,
        position: stored.position,
        metadata: stored.metadata,
      } as ProjectedEvent;
      return { stored, parsed, error: null };
    } catch (error) {
      return { stored, parsed: null, error: new InvalidStoredEventError(stored, error) };
    }
  });
  for (const [type, count] of unknownTypes) logger.warn(`skipped ${count} event(s) of unknown type ${type}`);
  return { after, entries, last: last.position };
}

export const handlesType = (handles: readonly EventType[], type: string): boolean =>
  (handles as readonly string[]).includes(type);
