import type { Knex } from 'knex';
import { migrateEventStoreSchema } from '../event-store/postgres/postgres-event-store.schema';

/**
 * A backup is the books: the event store's `streams` and `events` rows, as NDJSON, read in ONE
 * repeatable-read transaction (a consistent snapshot while writes go on). Read models, sessions and
 * checkpoints are left out on purpose: a restore rebuilds the read models from the events.
 *   line 1: {"format":"glow-events-backup","version":1,"createdAt":…}
 *   then:   {"streams":{…row…}} per stream, {"event":{…row…}} per event in global order
 *   last:   {"end":{"streams":N,"events":N}}  (a file without it was cut short and is refused)
 */
export const BACKUP_FORMAT = 'glow-events-backup';
const PAGE = 1_000;

export interface BackupCounts {
  readonly streams: number;
  readonly events: number;
}

/** Writes the backup line by line through `write` (which may wait for a slow reader). */
export async function writeEventBackup(
  knex: Knex,
  write: (line: string) => Promise<void> | void,
): Promise<BackupCounts> {
  return knex.transaction(
    async (trx) => {
      await write(JSON.stringify({ format: BACKUP_FORMAT, version: 1, createdAt: new Date().toISOString() }));
      const streams = await trx.raw<{ rows: { row: unknown }[] }>(
        'select to_jsonb(s) as row from streams s order by stream_id',
      );
      for (const { row } of streams.rows) await write(JSON.stringify({ stream: row }));
      let events = 0;
      let after = '0';
      for (;;) {
        // global_position as text: a bigint never goes through a double.
        const page = await trx.raw<{ rows: { row: Record<string, unknown>; position: string }[] }>(
          `select to_jsonb(e) as row, global_position::text as position
           from events e where global_position > ?::bigint order by global_position limit ?`,
          [after, PAGE],
        );
        for (const { row, position } of page.rows)
          await write(JSON.stringify({ event: { ...row, global_position: position } }));
        events += page.rows.length;
        if (page.rows.length < PAGE) break;
        after = page.rows[page.rows.length - 1]!.position;
      }
      const counts = { streams: streams.rows.length, events };
      await write(JSON.stringify({ end: counts }));
      return counts;
    },
    { isolationLevel: 'repeatable read' },
  );
}

/**
 * Loads a backup into an EMPTY event store, in one transaction. Events keep everything, their global
 * positions (transaction id, global position) included, since read models record positions (the
 * audit trail). The store reads only events of transactions older than any still running, so the
 * new database's transaction counter is then moved past the backup's highest one (one cheap
 * transaction each; nothing to do on the server the backup came from).
 */
export async function restoreEventBackup(knex: Knex, openLines: () => AsyncIterable<string>): Promise<BackupCounts> {
  await migrateEventStoreSchema(knex);
  const counts = await knex.transaction(async (trx) => {
    const existing = await trx.raw<{ rows: { n: string }[] }>('select count(*)::text as n from events');
    if (existing.rows[0]?.n !== '0')
      throw new Error('The target event store is not empty: restore only into a fresh database or folder');
    let header = false;
    let end: BackupCounts | null = null;
    let streams = 0;
    let events: Record<string, unknown>[] = [];
    let eventCount = 0;
    const flush = async () => {
      if (events.length === 0) return;
      await trx.raw(
        `insert into events (global_position, transaction_id, event_id, stream_id, stream_version, type, schema_version, data, metadata, recorded_at)
         select global_position, transaction_id, event_id, stream_id, stream_version, type, schema_version, data, metadata, recorded_at
         from jsonb_populate_recordset(null::events, ?::jsonb) order by global_position`,
        [JSON.stringify(events)],
      );
      eventCount += events.length;
      events = [];
    };
    // Opened only now: a readline interface that emits its lines before anyone iterates loses them (and its end).
    for await (const line of openLines()) {
      if (!line.trim()) continue;
      const entry = JSON.parse(line) as {
        format?: string;
        stream?: unknown;
        event?: Record<string, unknown>;
        end?: BackupCounts;
      };
      if (!header) {
        if (entry.format !== BACKUP_FORMAT) throw new Error('Not a Glow events backup (first line)');
        header = true;
      } else if (entry.stream) {
        await trx.raw('insert into streams select * from jsonb_populate_record(null::streams, ?::jsonb)', [
          JSON.stringify(entry.stream),
        ]);
        streams += 1;
      } else if (entry.event) {
        events.push(entry.event);
        if (events.length >= PAGE) await flush();
      } else if (entry.end) end = entry.end;
    }
    await flush();
    if (!end) throw new Error('The backup is incomplete (no end line): it was cut short');
    if (end.streams !== streams || end.events !== eventCount)
      throw new Error(`The backup is inconsistent: it announces ${end.events} events, ${eventCount} were read`);
    await trx.raw(
      `select setval(pg_get_serial_sequence('events', 'global_position'), greatest((select max(global_position) from events), 1))`,
    );
    return { streams, events: eventCount };
  });
  await advanceTransactionCounter(knex);
  return counts;
}

const BIGINT = (column: string) => `(${column})::text::numeric`;

async function advanceTransactionCounter(knex: Knex): Promise<void> {
  const read = async () =>
    (
      await knex.raw<{ rows: { highest: string | null; current: string }[] }>(
        `select (select max(${BIGINT('transaction_id')}) from events)::text as highest, ${BIGINT('pg_current_xact_id()')}::text as current`,
      )
    ).rows[0]!;
  let { highest, current } = await read();
  while (highest !== null && BigInt(current) <= BigInt(highest)) {
    // Each statement outside a transaction block is a transaction of its own and takes one id.
    for (let step = 0; step < 1_000; step++) await knex.raw('select pg_current_xact_id()');
    ({ highest, current } = await read());
  }
}
