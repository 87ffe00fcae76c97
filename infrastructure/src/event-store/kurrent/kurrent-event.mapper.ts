import { randomUUID } from 'node:crypto';
import {
  ANY,
  NO_STREAM,
  WrongExpectedVersionError as KurrentWrongExpectedVersionError,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AppendStreamState,
  type CurrentStreamState,
  type EventData,
  type JSONType,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import type { EventMetadata } from '@shop/contracts';
import { WrongExpectedVersionError, type ExpectedVersion, type NewEvent, type StoredEvent } from '../event-store.port';

/**
 * multiStreamAppend only takes metadata as string-to-string properties, so the port's metadata
 * travels as JSON in one property and the schema version in another, for both append paths alike.
 */
interface EventProperties {
  readonly schemaVersion: string;
  readonly eventMetadata: string;
}

export function toEventData(event: NewEvent): EventData {
  const metadata: EventProperties = {
    schemaVersion: String(event.schemaVersion),
    eventMetadata: JSON.stringify(event.metadata),
  };
  // The port's data is any JSON value; the client's type only names objects, arrays and strings.
  return jsonEvent({
    id: event.id ?? randomUUID(),
    type: event.type,
    data: event.data as JSONType,
    metadata: { ...metadata },
  });
}

/** Versions count events (0: no stream); KurrentDB revisions number them from 0. */
export function toStreamState(expectedVersion: ExpectedVersion): AppendStreamState {
  if (expectedVersion === 'any') return ANY;
  return expectedVersion === 0 ? NO_STREAM : BigInt(expectedVersion - 1);
}

export const revisionToVersion = (revision: bigint): number => Number(revision) + 1;

function currentStateToVersion(state: CurrentStreamState): number | null {
  return state === NO_STREAM ? null : revisionToVersion(state);
}

/** Port error for the client's, with the caller's own expected version; other errors unchanged. */
export function translateAppendError(error: unknown, expectedVersions: ReadonlyMap<string, ExpectedVersion>): unknown {
  if (!(error instanceof KurrentWrongExpectedVersionError)) return error;
  return new WrongExpectedVersionError(
    error.streamName,
    expectedVersions.get(error.streamName) ?? 'any',
    currentStateToVersion(error.actualState),
  );
}

export const isSystemEventType = (type: string): boolean => type.startsWith('$');

/** The stored event of a resolved one, or null for links and system events. */
export function toStoredEvent(resolved: AllStreamResolvedEvent | ResolvedEvent): StoredEvent | null {
  const recorded = resolved.event;
  if (!recorded || isSystemEventType(recorded.type)) return null;
  // Stream reads from servers before 22.6 carry no position; only the commit position, if that.
  const commit = resolved.commitPosition ?? 0n;
  const properties = readProperties(recorded.metadata);
  return {
    id: recorded.id,
    streamId: recorded.streamId,
    streamVersion: revisionToVersion(recorded.revision),
    position: recorded.position ?? { commit, prepare: commit },
    type: recorded.type,
    schemaVersion: properties.schemaVersion,
    data: recorded.data,
    metadata: properties.metadata,
  };
}

function readProperties(metadata: unknown): { schemaVersion: number; metadata: EventMetadata } {
  const properties = (typeof metadata === 'object' && metadata !== null ? metadata : {}) as Partial<
    Record<keyof EventProperties, unknown>
  >;
  const schemaVersion = Number(properties.schemaVersion ?? 1);
  const eventMetadata =
    typeof properties.eventMetadata === 'string'
      ? (JSON.parse(properties.eventMetadata) as EventMetadata)
      : (metadata as EventMetadata);
  return { schemaVersion: Number.isInteger(schemaVersion) ? schemaVersion : 1, metadata: eventMetadata };
}
