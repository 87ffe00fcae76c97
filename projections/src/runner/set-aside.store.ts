import type { Knex } from 'knex';
import type { GlobalPosition, StoredEvent } from '@shop/infrastructure';
import { positionColumns } from '../shared/sql-values';

/** One event a projection set aside, as stored in projection_set_aside (no event data). */
export interface SetAsideEvent {
  readonly projection: string;
  readonly position: GlobalPosition;
  readonly eventId: string;
  readonly streamId: string;
  readonly eventType: string;
  readonly errorMessage: string;
  readonly firstFailedAt: Date;
  readonly lastFailedAt: Date;
  readonly attempts: number;
}

interface SetAsideRow {
  projection: string;
  commit: string;
  prepare: string;
  event_id: string;
  stream_id: string;
  event_type: string;
  error_message: string;
  first_failed_at: Date | string;
  last_failed_at: Date | string;
  attempts: number;
}

export const formatPosition = (position: GlobalPosition): string => `${position.commit}:${position.prepare}`;

/**
 * Records (or, when it is there already, counts another failure of) an event set aside. Runs in the
 * transaction that moves the checkpoint past it, so both happen or neither.
 */
export async function recordSetAside(
  trx: Knex.Transaction,
  projection: string,
  stored: StoredEvent,
  errorMessage: string,
): Promise<void> {
  const position = positionColumns(stored.position);
  await trx.raw(
    `insert into projection_set_aside
       (projection, "commit", "prepare", event_id, stream_id, event_type, error_message)
     values (?, ?, ?, ?, ?, ?, ?)
     on conflict (projection, "commit", "prepare") do update
       set error_message = excluded.error_message, last_failed_at = now(),
           attempts = projection_set_aside.attempts + 1`,
    [projection, position.commit, position.prepare, stored.id, stored.streamId, stored.type, errorMessage],
  );
}

/** Set-aside events in global order, of one projection or all. */
export async function listSetAside(knex: Knex, projection?: string): Promise<SetAsideEvent[]> {
  const result = await knex.raw<{ rows: SetAsideRow[] }>(
    `select projection, "commit"::text as "commit", "prepare"::text as "prepare", event_id, stream_id,
            event_type, error_message, first_failed_at, last_failed_at, attempts
     from projection_set_aside
     where (?::text is null or projection = ?::text)
     order by "commit", "prepare", projection`,
    [projection ?? null, projection ?? null],
  );
  return result.rows.map((row) => ({
    projection: row.projection,
    position: { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
    eventId: row.event_id,
    streamId: row.stream_id,
    eventType: row.event_type,
    errorMessage: row.error_message,
    firstFailedAt: new Date(row.first_failed_at),
    lastFailedAt: new Date(row.last_failed_at),
    attempts: Number(row.attempts),
  }));
}

/** How many events each projection has set aside; projections with none are left out. */
export async function countSetAside(knex: Knex): Promise<{ projection: string; count: number }[]> {
  const result = await knex.raw<{ rows: { projection: string; count: string | number }[] }>(
    `select projection, count(*) as count from projection_set_aside group by projection order by projection`,
  );
  return result.rows.map((row) => ({ projection: row.projection, count: Number(row.count) }));
}

export async function removeSetAside(
  trx: Knex.Transaction,
  projection: string,
  position: GlobalPosition,
): Promise<void> {
  const columns = positionColumns(position);
  await trx('projection_set_aside').where({ projection, commit: columns.commit, prepare: columns.prepare }).delete();
}

/** Another failed attempt (a retry): the latest message, one more attempt. */
export async function markSetAsideFailed(
  knex: Knex,
  projection: string,
  position: GlobalPosition,
  errorMessage: string,
): Promise<void> {
  const columns = positionColumns(position);
  await knex('projection_set_aside')
    .where({ projection, commit: columns.commit, prepare: columns.prepare })
    .update({ error_message: errorMessage, last_failed_at: knex.fn.now(), attempts: knex.raw('attempts + 1') });
}
