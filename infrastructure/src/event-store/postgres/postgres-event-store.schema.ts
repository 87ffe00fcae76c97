import type { Knex } from 'knex';
import { migrateUnderLock } from '../../database';
import { appendFunctionsSql } from './append-functions.sql';

// Any constant works: it only keeps two processes from creating the schema at the same moment.
const MIGRATION_LOCK_KEY = 720_331_947;

/**
 * `transaction_id` orders the global log: events are read by (transaction_id, global_position) and
 * only below the oldest transaction still running, so an event committed late by a transaction that
 * began early is never skipped (a plain sequence would hand out a lower number that appears later).
 * `streams` holds each stream's version for the optimistic concurrency check.
 * Runs on PostgreSQL 13+ (xid8) and PGlite.
 */
const tablesSql = `
create table if not exists streams (
  stream_id text primary key,
  version integer not null
);

create table if not exists events (
  global_position bigserial primary key,
  transaction_id xid8 not null default pg_current_xact_id(),
  event_id uuid not null unique,
  stream_id text not null,
  stream_version integer not null,
  type text not null,
  schema_version integer not null,
  data jsonb not null,
  metadata jsonb not null,
  recorded_at timestamptz not null default now(),
  unique (stream_id, stream_version)
);

create index if not exists events_global_order on events (transaction_id, global_position);
`;

export async function migrateEventStoreSchema(knex: Knex): Promise<void> {
  await migrateUnderLock(knex, MIGRATION_LOCK_KEY, async (trx) => {
    await trx.raw(tablesSql);
    await trx.raw(appendFunctionsSql);
  });
}
