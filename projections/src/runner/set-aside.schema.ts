/**
 * Events a projection could not apply, one row per projection and event: the projection's
 * checkpoint moved past them (in the same transaction as this row) so it keeps following later
 * events. Only where the event is and why it failed: never its data.
 */
export const setAsideSchema: readonly string[] = [
  `create table if not exists projection_set_aside (
    projection text not null,
    "commit" numeric(20,0) not null,
    "prepare" numeric(20,0) not null,
    event_id text not null,
    stream_id text not null,
    event_type text not null,
    error_message text not null,
    first_failed_at timestamptz not null default now(),
    last_failed_at timestamptz not null default now(),
    attempts integer not null default 1,
    primary key (projection, "commit", "prepare")
  )`,
];
