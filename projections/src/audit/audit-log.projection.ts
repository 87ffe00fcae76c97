import type { Knex } from 'knex';
import { defineProjection } from '../shared/projection';
import { inChunks } from '../shared/insert-chunks';
import { jsonParam, positionColumns } from '../shared/sql-values';
import { AUDITED_EVENTS, describe, redact, type NameOf } from './audit-summary';

/**
 * The audit trail behind GET /api/audit: who did what and when, over users, settings, contact
 * details, customers, orders, support requests, products and sales. Built from the events, so it
 * goes back to the first day and survives any deletion.
 */
export const auditLogProjection = defineProjection({
  name: 'audit_log',
  handles: AUDITED_EVENTS,
  tables: ['audit_log', 'audit_names'],
  async project(events, trx) {
    const names = new Map<string, string>();
    const newNames: { kind: string; id: string; name: string }[] = [];
    const remember = (kind: 'user' | 'product', id: string, name: string) => {
      names.set(`${kind}:${id}`, name);
      newNames.push({ kind, id, name });
    };
    for (const event of events) {
      if (event.type === 'UserCreated') remember('user', event.data.userId, event.data.username);
      if (event.type === 'ProductCreated')
        remember('product', event.data.productId, `${event.data.name} (${event.data.sku})`);
    }
    const wanted = events.flatMap((event): string[] => {
      const data = event.data as { userId?: string; productId?: string };
      if (data.userId && !names.has(`user:${data.userId}`)) return [`user:${data.userId}`];
      if (data.productId && !names.has(`product:${data.productId}`)) return [`product:${data.productId}`];
      return [];
    });
    for (const [key, name] of await loadNames(trx, [...new Set(wanted)])) names.set(key, name);
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
        actor_id: event.metadata.actorId,
        actor_name: event.metadata.actorName,
        at: event.metadata.at,
        position_commit: position.commit,
        position_prepare: position.prepare,
      };
    });
    if (newNames.length > 0) {
      await trx.raw(
        `insert into audit_names (kind, id, name) select kind, id, name
         from jsonb_to_recordset(?::jsonb) as r(kind text, id text, name text) on conflict (kind, id) do nothing`,
        [jsonParam(newNames)],
      );
    }
    await inChunks(rows, (chunk) => insertRows(trx, chunk));
  },
});

async function loadNames(trx: Knex.Transaction, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const result = await trx.raw<{ rows: { kind: string; id: string; name: string }[] }>(
    `select kind, id, name from audit_names where kind || ':' || id in (select jsonb_array_elements_text(?::jsonb))`,
    [jsonParam(keys)],
  );
  return new Map(result.rows.map((row) => [`${row.kind}:${row.id}`, row.name]));
}

function insertRows(trx: Knex.Transaction, rows: readonly object[]) {
  return trx.raw(
    `insert into audit_log (event_id, entity, entity_id, event_type, summary, details, actor_id, actor_name, at,
       position_commit, position_prepare)
     select event_id, entity, entity_id, event_type, summary, details, actor_id, actor_name, at,
       position_commit, position_prepare
     from jsonb_to_recordset(?::jsonb) as r(event_id uuid, entity text, entity_id text, event_type text,
       summary text, details jsonb, actor_id text, actor_name text, at timestamptz, position_commit numeric,
       position_prepare numeric)
     on conflict (event_id) do nothing`,
    [jsonParam(rows)],
  );
}
