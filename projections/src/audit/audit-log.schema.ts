import { addMissingColumns } from '@shop/infrastructure';

/**
 * DDL of the audit trail: one row per business event other than a product's (those are product_ledger rows), with who (actor), when, what (a one-line
 * summary) and the event's fields minus secrets. Rows are keyed by event id and ordered by global
 * position, so a rebuild reproduces the table exactly and a page cursor is a position.
 */
export const auditLogSchema: readonly string[] = [
  `create table if not exists audit_log (
    event_id uuid primary key,
    entity text not null,
    entity_id text not null,
    event_type text not null,
    summary text not null,
    details jsonb not null,
    actor_id text,
    actor_name text not null,
    at timestamptz not null,
    position_commit numeric(20,0) not null,
    position_prepare numeric(20,0) not null
  )`,
  // Keyset pages walk the position indexes backwards (newest first). Ascending, a new row's key is the
  // largest: it goes to the rightmost leaf, which the B-tree keeps at hand, and a bulk build reads the
  // rows already in order (docs/benchmarks.md, eleventh sitting).
  `create index if not exists audit_log_position_idx on audit_log (position_commit, position_prepare)`,
  // What changed, before → after (added with the audit page; older rows get [] until a rebuild).
  addMissingColumns('audit_log', ["changes jsonb not null default '[]'::jsonb"]),
  `create index if not exists audit_log_entity_idx on audit_log (entity, entity_id)`,
  // Keyset pages filtered by entity or by user walk these in order and stop after one page,
  // whatever the size of the table (docs/benchmarks.md, audit page at 1,000,000 events).
  `create index if not exists audit_log_entity_position_idx on audit_log (entity, position_commit, position_prepare)`,
  `create index if not exists audit_log_actor_position_idx on audit_log (actor_id, position_commit, position_prepare)`,
  // Their descending forms before 2026-11-28.
  'drop index if exists audit_log_newest_idx, audit_log_entity_newest_idx, audit_log_actor_newest_idx',
  `create index if not exists audit_log_at_idx on audit_log (at)`,
  // Names of users, so that "Deactivated clerk1" reads better than a uuid.
  `create table if not exists audit_names (
    kind text not null,
    id text not null,
    name text not null,
    primary key (kind, id)
  )`,
];
