import { defineProjection } from '../shared/projection';
import { carriedState } from '../shared/projection-carry';
import { jsonParam, positionColumns } from '../shared/sql-values';
import { changesOf } from './audit-changes';
import { AUDIT_LOG_EVENTS, describe, redact, type NameOf } from './audit-summary';
import type { ProjectionSql } from '../shared/projection-sql';

/**
 * The audit trail behind GET /api/audit for everything but products: who did what and when, over
 * users, settings, contact details, customers, orders, support requests and sales. A product's
 * events (creation, deletion, every stock movement) are rows of the product ledger, which carries
 * their audit line; list-audit.query.ts reads both. Built from the events, so it goes back to the
 * first day and survives any deletion.
 */
export const auditLogProjection = defineProjection({
  name: 'audit_log',
  handles: AUDIT_LOG_EVENTS,
  tables: ['audit_log', 'audit_names'],
  async project(events, sql) {
    const carried = carriedState<NamesCarry>(sql.carry, () => ({ stored: new Map(), complete: true }));
    const names = new Map<string, string>();
    const newNames: { kind: string; id: string; name: string }[] = [];
    for (const event of events) {
      if (event.type !== 'UserCreated') continue;
      names.set(`user:${event.data.userId}`, event.data.username);
      newNames.push({ kind: 'user', id: event.data.userId, name: event.data.username });
    }
    const wanted = events.flatMap((event): string[] => {
      const data = event.data as { userId?: string };
      const key = `user:${data.userId}`;
      if (!data.userId || names.has(key)) return [];
      const known = carried?.stored.get(key);
      if (known !== undefined) names.set(key, known);
      return known === undefined && !carried?.complete ? [key] : [];
    });
    for (const [key, name] of await loadNames(sql, [...new Set(wanted)])) names.set(key, name);
    const nameOf: NameOf = (kind, id) => names.get(`${kind}:${id}`) ?? (kind === 'product' ? 'Unknown Product' : id);

    const rows = events.map((event) => {
      const line = describe(event, nameOf);
      const position = positionColumns(event.position);
      return {
        event_id: event.eventId,
        entity: line.entity,
        entity_id: line.entityId,
        event_type: event.type,
        summary: line.summary,
        details: redact(event.data),
        changes: changesOf(event, () => null),
        actor_id: event.metadata.actorId,
        actor_name: event.metadata.actorName,
        at: event.metadata.at,
        position_commit: position.commit,
        position_prepare: position.prepare,
      };
    });
    if (newNames.length > 0) {
      sql.write(
        `insert into audit_names (kind, id, name) select kind, id, name
         from jsonb_to_recordset(?::jsonb) as r(kind text, id text, name text) on conflict (kind, id) do nothing`,
        [jsonParam(newNames)],
      );
    }
    if (rows.length > 0) insertRows(sql, rows);
    if (carried) {
      // As audit_names keeps them: the first name stored for a key stays (on conflict do nothing).
      for (const { kind, id, name } of newNames)
        if (!carried.stored.has(`${kind}:${id}`)) carried.stored.set(`${kind}:${id}`, name);
      sql.carry?.leave(carried);
    }
  },
});

/** What a batch hands the next (see ProjectionCarry): audit_names as stored, complete in a rebuild from empty tables. */
interface NamesCarry {
  readonly stored: Map<string, string>;
  readonly complete: boolean;
}

async function loadNames(sql: ProjectionSql, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await sql.query<{ kind: string; id: string; name: string }>(
    `select kind, id, name from audit_names where kind || ':' || id in (select jsonb_array_elements_text(?::jsonb))`,
    [jsonParam(keys)],
  );
  return new Map(rows.map((row) => [`${row.kind}:${row.id}`, row.name]));
}

const AUDIT_COLUMNS = [
  ['event_id', 'uuid'],
  ['entity', 'text'],
  ['entity_id', 'text'],
  ['event_type', 'text'],
  ['summary', 'text'],
  ['details', 'jsonb'],
  ['changes', 'jsonb'],
  ['actor_id', 'text'],
  ['actor_name', 'text'],
  ['at', 'timestamptz'],
  ['position_commit', 'numeric'],
  ['position_prepare', 'numeric'],
] as const;

function insertRows(sql: ProjectionSql, rows: readonly object[]) {
  sql.insert({ table: 'audit_log', columns: AUDIT_COLUMNS, rows, onConflict: 'on conflict (event_id) do nothing' });
}
