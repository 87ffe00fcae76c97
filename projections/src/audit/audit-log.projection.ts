import { defineProjection } from '../shared/projection';
import { jsonParam, positionColumns } from '../shared/sql-values';
import { changesOf, describeChange } from './audit-changes';
import { AUDITED_EVENTS, describe, redact, type AuditedEvent, type NameOf } from './audit-summary';
import type { ProjectionSql } from '../shared/projection-sql';

/**
 * The audit trail behind GET /api/audit: who did what and when, over users, settings, contact
 * details, customers, orders, support requests, products and sales. Built from the events, so it
 * goes back to the first day and survives any deletion.
 */
export const auditLogProjection = defineProjection({
  name: 'audit_log',
  handles: AUDITED_EVENTS,
  tables: ['audit_log', 'audit_names', 'audit_cost_prices'],
  async project(events, sql) {
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
    for (const [key, name] of await loadNames(sql, [...new Set(wanted)])) names.set(key, name);
    const nameOf: NameOf = (kind, id) => names.get(`${kind}:${id}`) ?? (kind === 'product' ? 'Unknown Product' : id);

    // Cost prices in force before this batch, then kept current event by event within it.
    const costs = await loadCosts(sql, events);
    const newCosts = new Map<string, string>();
    const setCost = (productId: string, costPrice: string | null) => {
      if (costPrice === null) return;
      costs.set(productId, costPrice);
      newCosts.set(productId, costPrice);
    };

    const rows = events.map((event) => {
      const line = describe(event, nameOf);
      const changes = changesOf(event, (productId) => costs.get(productId) ?? null);
      if (event.type === 'ProductCreated' || event.type === 'StockReceived')
        setCost(event.data.productId, event.data.costPrice);
      const priceChange = changes.find((change) => change.field === 'cost price');
      const position = positionColumns(event.position);
      return {
        event_id: event.eventId,
        entity: line.entity,
        entity_id: line.entityId,
        event_type: event.type,
        summary: priceChange ? `${line.summary}, ${describeChange(priceChange)}` : line.summary,
        details: redact(event.data),
        changes,
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
    if (newCosts.size > 0) {
      sql.write(
        `insert into audit_cost_prices (product_id, cost_price)
         select product_id, cost_price from jsonb_to_recordset(?::jsonb) as r(product_id text, cost_price text)
         on conflict (product_id) do update set cost_price = excluded.cost_price`,
        [jsonParam([...newCosts].map(([productId, costPrice]) => ({ product_id: productId, cost_price: costPrice })))],
      );
    }
    if (rows.length > 0) insertRows(sql, rows);
  },
});

async function loadNames(sql: ProjectionSql, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await sql.query<{ kind: string; id: string; name: string }>(
    `select kind, id, name from audit_names where kind || ':' || id in (select jsonb_array_elements_text(?::jsonb))`,
    [jsonParam(keys)],
  );
  return new Map(rows.map((row) => [`${row.kind}:${row.id}`, row.name]));
}

async function loadCosts(sql: ProjectionSql, events: readonly AuditedEvent[]): Promise<Map<string, string>> {
  const ids = [...new Set(events.flatMap((event) => (event.type === 'StockReceived' ? [event.data.productId] : [])))];
  if (ids.length === 0) return new Map();
  const rows = await sql.query<{ product_id: string; cost_price: string }>(
    `select product_id, cost_price from audit_cost_prices where product_id in (select jsonb_array_elements_text(?::jsonb))`,
    [jsonParam(ids)],
  );
  return new Map(rows.map((row) => [row.product_id, row.cost_price]));
}

function insertRows(sql: ProjectionSql, rows: readonly object[]) {
  sql.write(
    `insert into audit_log (event_id, entity, entity_id, event_type, summary, details, changes, actor_id, actor_name,
       at, position_commit, position_prepare)
     select event_id, entity, entity_id, event_type, summary, details, changes, actor_id, actor_name, at,
       position_commit, position_prepare
     from jsonb_to_recordset(?::jsonb) as r(event_id uuid, entity text, entity_id text, event_type text,
       summary text, details jsonb, changes jsonb, actor_id text, actor_name text, at timestamptz, position_commit numeric,
       position_prepare numeric)
     on conflict (event_id) do nothing`,
    [jsonParam(rows)],
  );
}
