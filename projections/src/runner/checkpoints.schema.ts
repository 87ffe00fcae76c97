/**
 * One row per projection: the global position of the last event it has taken into account,
 * written in the same transaction as its rows. Null position: nothing yet.
 */
export const checkpointsSchema: readonly string[] = [
  `create table if not exists projection_checkpoints (
    name text primary key,
    "commit" numeric(20,0),
    "prepare" numeric(20,0),
    updated_at timestamptz not null default now()
  )`,
];
