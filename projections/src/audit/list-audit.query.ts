import type { Knex } from 'knex';
import type { AuditChange, AuditEntity, AuditPage } from '@shop/contracts';
import { toIsoString } from '../shared/sql-values';

export interface AuditFilter {
  readonly entity?: AuditEntity;
  readonly entityId?: string;
  /** The acting user's id. */
  readonly byId?: string;
  /** Free text, case-insensitive, inside the summary or the actor's name. */
  readonly q?: string;
  readonly from?: Date;
  /** Exclusive. */
  readonly to?: Date;
  readonly limit: number;
  /** Cursor "commit:prepare": entries recorded strictly before that position. */
  readonly before?: string;
}

interface AuditRow {
  event_id: string;
  entity: AuditEntity;
  entity_id: string;
  event_type: string;
  summary: string;
  details: Record<string, unknown>;
  changes: AuditChange[];
  actor_id: string | null;
  actor_name: string;
  at: Date | string;
  cursor_commit: string;
  cursor_prepare: string;
}

/** GET /api/audit: newest first, in pages of `limit`; `nextBefore` fetches the next (older) page. */
export async function listAudit(knex: Knex, filter: AuditFilter): Promise<AuditPage> {
  const query = knex('audit_log')
    .select<AuditRow[]>(
      'event_id',
      'entity',
      'entity_id',
      'event_type',
      'summary',
      'details',
      'changes',
      'actor_id',
      'actor_name',
      'at',
      // Aliased apart from the columns: an output column named position_commit would be what ORDER BY
      // sorts on, as text ("9" after "10"), and the keyset index would go unused.
      knex.raw('position_commit::text as cursor_commit'),
      knex.raw('position_prepare::text as cursor_prepare'),
    )
    .orderBy([
      { column: 'position_commit', order: 'desc' },
      { column: 'position_prepare', order: 'desc' },
    ])
    .limit(filter.limit + 1);
  if (filter.entity) query.where({ entity: filter.entity });
  if (filter.entityId) query.where({ entity_id: filter.entityId });
  if (filter.byId) query.where({ actor_id: filter.byId });
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    query.where((inner) => inner.whereILike('summary', pattern).orWhereILike('actor_name', pattern));
  }
  if (filter.from) query.where('at', '>=', filter.from.toISOString());
  if (filter.to) query.where('at', '<', filter.to.toISOString());
  if (filter.before) {
    const [commit = '0', prepare = '0'] = filter.before.split(':');
    query.whereRaw('(position_commit, position_prepare) < (?::numeric, ?::numeric)', [commit, prepare]);
  }
  const rows = await query;
  const page = rows.slice(0, filter.limit);
  const last = page[page.length - 1];
  return {
    entries: page.map((row) => ({
      id: row.event_id,
      at: toIsoString(row.at),
      entity: row.entity,
      entityId: row.entity_id,
      event: row.event_type,
      summary: row.summary,
      by: row.actor_name,
      byId: row.actor_id,
      details: row.details,
      changes: row.changes ?? [],
    })),
    nextBefore: rows.length > filter.limit && last ? `${last.cursor_commit}:${last.cursor_prepare}` : null,
  };
}

/** `%`, `_` and `\` typed into the search box are literal characters, not LIKE wildcards. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Every entry matching the filter, newest first, one keyset page at a time (the CSV export). */
export async function* allAuditEntries(
  knex: Knex,
  filter: Omit<AuditFilter, 'limit' | 'before'>,
  pageSize = 1000,
): AsyncGenerator<AuditPage['entries'][number]> {
  let before: string | undefined;
  for (;;) {
    const page = await listAudit(knex, { ...filter, limit: pageSize, before });
    yield* page.entries;
    if (!page.nextBefore) return;
    before = page.nextBefore;
  }
}
