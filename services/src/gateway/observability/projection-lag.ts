import type { Knex } from 'knex';
import { readCheckpoints } from '@shop/projections';
import type { EventStore, GlobalPosition } from '@shop/infrastructure';

/** Lag is counted up to this many events: enough to tell "behind" from "far behind" without reading the whole store. */
export const LAG_COUNT_CAP = 10_000;

/**
 * Events in the store after each projection's checkpoint (capped at LAG_COUNT_CAP). Works for both
 * event stores since it only reads the global log; projections sharing a checkpoint share one read,
 * and a caught-up projector costs one read of zero events.
 */
export async function measureProjectionLag(
  knex: Knex,
  eventStore: EventStore,
  projectionNames: readonly string[],
): Promise<Map<string, number>> {
  const checkpoints = await readCheckpoints(knex, projectionNames);
  const byPosition = new Map<string, { after: GlobalPosition | null; names: string[] }>();
  for (const checkpoint of checkpoints) {
    const key = checkpoint.position ? `${checkpoint.position.commit}:${checkpoint.position.prepare}` : 'start';
    const group = byPosition.get(key) ?? { after: checkpoint.position, names: [] };
    group.names.push(checkpoint.name);
    byPosition.set(key, group);
  }
  const lag = new Map<string, number>();
  for (const { after, names } of byPosition.values()) {
    const behind = (await eventStore.readAll({ after, limit: LAG_COUNT_CAP })).length;
    for (const name of names) lag.set(name, behind);
  }
  return lag;
}

/** Rows of the set-aside table per projection; empty when that table does not exist (yet). */
export async function countSetAsideEvents(knex: Knex): Promise<Map<string, number>> {
  const exists = await knex.raw<{ rows: { table: string | null }[] }>(
    `select to_regclass('projection_set_aside')::text as "table"`,
  );
  if (!exists.rows[0]?.table) return new Map();
  const result = await knex.raw<{ rows: { projection: string; count: string }[] }>(
    'select projection, count(*)::text as count from projection_set_aside group by projection',
  );
  return new Map(result.rows.map((row) => [row.projection, Number(row.count)]));
}
