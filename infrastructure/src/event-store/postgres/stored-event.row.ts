import type { EventMetadata } from '@shop/contracts';
import type { StoredEvent } from '../event-store.port';

/**
 * Columns as selected by the store. Positions come as text (pg hands bigint back as strings anyway),
 * under names other than the columns': ORDER BY would otherwise sort the text aliases.
 */
export interface StoredEventRow {
  readonly commit_position: string;
  readonly prepare_position: string;
  readonly event_id: string;
  readonly stream_id: string;
  readonly stream_version: number;
  readonly type: string;
  readonly schema_version: number;
  readonly data: unknown;
  readonly metadata: EventMetadata;
}

export const positionColumns = 'transaction_id::text as commit_position, global_position::text as prepare_position';

export const storedEventColumns = `${positionColumns},
  event_id, stream_id, stream_version, type, schema_version, data, metadata`;

export function toStoredEvent(row: StoredEventRow): StoredEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    position: { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) },
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
  };
}
