import type { Knex } from 'knex';
import type { AuditChange, AuditEntity, AuditPage } from '@shop/contracts';
import { LEDGER_EVENT_DATA_SQL } from '../ledger/ledger-event-data';
import { isUuid, toIsoString } from '../shared/sql-values';

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
  /** null on a ledger row that changed nothing. */
  changes: AuditChange[] | null;
  actor_id: string | null;
  actor_name: string;
  at: Date | string;
  cursor_commit: string;
  cursor_prepare: string;
}

const COLUMNS = 'event_id, entity, entity_id, event_type, summary, details, changes, actor_id, actor_name, at';
const LEDGER_COLUMNS = `event_id, 'product' as entity, product_id::text as entity_id, event_type, summary,
  ${LEDGER_EVENT_DATA_SQL} as details, changes, actor_id, actor_name, at`;

/**
 * One source of the trail, filtered, newest first, at most `limit` rows: each walks its own keyset
 * index (position, or actor and position) and stops after a page, whatever the size of the table.
 */
function branch(
  source: 'audit_log' | 'product_ledger',
  filter: AuditFilter,
  limit: number,
  window: Window | null,
  rare: RareText | null = null,
) {
  const where: string[] = [];
  const bindings: (string | number)[] = [];
  const head: (string | number)[] = [];
  if (window) {
    where.push('position_commit > ?::numeric and position_commit <= ?::numeric');
    bindings.push(window.above.toString(), window.upTo.toString());
  }
  if (source === 'audit_log') {
    if (filter.entity) {
      where.push('entity = ?');
      bindings.push(filter.entity);
    }
    if (filter.entityId) {
      where.push('entity_id = ?');
      bindings.push(filter.entityId);
    }
  } else if (filter.entityId) {
    // entity_id is the product id as the event wrote it (lower case): another spelling matches nothing.
    where.push('product_id = ?::uuid');
    bindings.push(filter.entityId);
  }
  if (filter.byId) {
    where.push('actor_id = ?');
    bindings.push(filter.byId);
  }
  if (filter.q && !rare) {
    // coalesce (both are not null): a walk filters as it goes and stops after a page; left to the
    // planner, a common text would be read from the trigram index first (60 ms for "stock out").
    const match = textMatch(filter.q, WALKED);
    where.push(match.sql);
    bindings.push(...match.bindings);
  }
  if (filter.from) {
    where.push('at >= ?');
    bindings.push(filter.from.toISOString());
  }
  if (filter.to) {
    where.push('at < ?');
    bindings.push(filter.to.toISOString());
  }
  if (filter.before) {
    const [commit = '0', prepare = '0'] = filter.before.split(':');
    where.push('(position_commit, position_prepare) < (?::numeric, ?::numeric)');
    bindings.push(commit, prepare);
  }
  bindings.push(limit);
  // One product's rows are numbered in the order they were projected, i.e. by position: its newest
  // are the end of its primary key, not a walk of every product's rows by position.
  const order =
    source === 'product_ledger' && filter.entityId ? 'entry_no desc' : 'position_commit desc, position_prepare desc';
  let from: string = source;
  if (rare && filter.q) {
    // The rows matching the text (few: rareText), then the other filters and the order; "offset 0"
    // keeps the position bounds from steering the scan to another index. The ledger's rows by the
    // ids of their texts, found once by rareText: no second trigram search.
    const hits =
      source === 'audit_log'
        ? textMatch(filter.q, PLAIN)
        : { sql: 'text_id = any(?::uuid[])', bindings: [`{${rare.ledgerTextIds.join(',')}}`] };
    head.push(...hits.bindings);
    from = `(select * from ${source} where ${hits.sql} offset 0) hits`;
  }
  const rows = `from ${from}${where.length > 0 ? ` where ${where.join(' and ')}` : ''} order by ${order} limit ?`;
  // A ledger row's details are built from its columns for the rows of the page only, not for every
  // row a text or date filter sorts.
  const sql =
    source === 'audit_log'
      ? `(select ${COLUMNS}, position_commit, position_prepare ${rows})`
      : `(select ${LEDGER_COLUMNS}, position_commit, position_prepare from (select * ${rows}) page)`;
  return { sql, bindings: [...head, ...bindings] };
}

/** Commit positions (above, upTo]: a slice of the trail, newest slice first. */
interface Window {
  readonly above: bigint;
  readonly upTo: bigint;
}

type Source = 'audit_log' | 'product_ledger';

/** The newest `limit` rows of the sources in `window` (all of them when null), newest first. */
async function page(
  knex: Knex,
  sources: readonly Source[],
  filter: AuditFilter,
  limit: number,
  window: Window | null,
  rare: RareText | null = null,
) {
  const branches = sources.map((source) => branch(source, filter, limit, window, rare));
  // Aliased apart from the columns: the keyset order is numeric, the cursor is their text.
  const result = await knex.raw<{ rows: AuditRow[] }>(
    `select ${COLUMNS}, position_commit::text as cursor_commit, position_prepare::text as cursor_prepare
     from (${branches.map((part) => part.sql).join(' union all ')}) trail
     order by position_commit desc, position_prepare desc limit ?`,
    [...branches.flatMap((part) => part.bindings), limit],
  );
  return result.rows;
}

/**
 * Both sources, newest first. Asked at once, a filter that only one source matches (free text such
 * as "Stock out") would make the other walk its whole index for a page it never fills. So the trail
 * is read in slices of commit positions, newest first, each a few times wider than the one before,
 * until a page is full: each source stops at the slice's end, whatever it matches.
 */
async function slicedPage(knex: Knex, sources: readonly Source[], filter: AuditFilter, limit: number) {
  const bounds = await knex.raw<{ rows: { newest: string | null; oldest: string | null }[] }>(
    `select greatest((select max(position_commit) from audit_log), (select max(position_commit) from product_ledger))::text
       as newest,
     least((select min(position_commit) from audit_log), (select min(position_commit) from product_ledger))::text
       as oldest`,
  );
  const { newest, oldest } = bounds.rows[0] ?? { newest: null, oldest: null };
  if (newest === null || oldest === null) return [];
  const floor = BigInt(oldest) - 1n;
  let upTo = BigInt(newest);
  if (filter.before) upTo = minBigInt(upTo, BigInt(filter.before.split(':')[0] || '0'));
  let width = maxBigInt((upTo - floor) / 1024n, 1024n);
  if (textAlone(filter)) width = await recentWidth(knex, sources, upTo, floor);
  const rows: AuditRow[] = [];
  for (let slice = 0; rows.length < limit && upTo > floor; slice++) {
    const rare = slice === 1 && textAlone(filter) ? await rareText(knex, sources, filter) : null;
    if (rare) {
      // A text the newest slice barely matched, and rare overall: the rest of the page from the
      // trigram indexes rather than a walk through everything older.
      rows.push(...(await page(knex, sources, filter, limit - rows.length, { above: floor, upTo }, rare)));
      break;
    }
    const above = maxBigInt(upTo - width, floor);
    rows.push(...(await page(knex, sources, filter, limit - rows.length, { above, upTo })));
    upTo = above;
    width *= 4n;
  }
  return rows;
}

/** How many of the newest rows a free text is first looked for in, by walking them. */
const RECENT_ROWS = 2_000;

/**
 * The first slice for a free text: about the newest RECENT_ROWS rows of the trail, counted in rows
 * (commit positions can be dense: a batch of appends shares one), so that a common text fills its
 * page from them and a rare one is sent to the trigram indexes after a short walk.
 */
async function recentWidth(knex: Knex, sources: readonly Source[], upTo: bigint, floor: bigint): Promise<bigint> {
  const nth = (source: Source) =>
    `(select position_commit from ${source} where position_commit <= ?::numeric
      order by position_commit desc, position_prepare desc offset ? limit 1)`;
  const result = await knex.raw<{ rows: { above: string | null }[] }>(
    `select greatest(${sources.map(nth).join(', ')})::text as above`,
    sources.flatMap(() => [upTo.toString(), RECENT_ROWS]),
  );
  const above = result.rows[0]?.above;
  return above === null || above === undefined ? upTo - floor : maxBigInt(upTo - BigInt(above), 1n);
}

/** Above this many matches in a source a text is common: the walk finds a page sooner. */
const RARE_TEXT_MATCHES = 10_000;

/**
 * A free text that pg_trgm can index (a run of three letters or digits) and no filter by entity id
 * or user: those walk an index of their own, and counting a common text's matches costs more
 * (~250 ms at 1,000,000 rows) than a walk that a selective filter keeps short.
 */
const textAlone = (filter: AuditFilter): boolean =>
  filter.q !== undefined && /[\p{L}\p{N}]{3}/u.test(filter.q) && !filter.entityId && !filter.byId;

/** A rare free text, and the ids of the ledger texts it matches (none when the ledger is not searched). */
interface RareText {
  readonly ledgerTextIds: readonly string[];
}

/**
 * Whether the free text can be read from the trigram indexes (audit-search.schema.ts: none when the
 * engine lacks pg_trgm) and matches fewer than RARE_TEXT_MATCHES rows in every source; null if not.
 * The counts stop at that number; a source without its index is left unscanned. The ledger's
 * matching texts are searched for once and their ids handed to the page, which reads its rows by
 * them: a name whose trigrams every text shares has every text rechecked, once instead of twice.
 */
async function rareText(knex: Knex, sources: readonly Source[], filter: AuditFilter): Promise<RareText | null> {
  const q = filter.q;
  if (!q) return null;
  const ledger = sources.includes('product_ledger');
  const checks: string[] = [];
  const bindings: (string | number)[] = [];
  let texts = '';
  if (ledger) {
    const match = textMatch(q, LOWERED);
    texts = `with texts as materialized (select text_id from ledger_audit_texts
        where to_regclass('${TEXT_INDEX.product_ledger}') is not null and ${match.sql}),
      ledger as (select to_regclass('${TEXT_INDEX.product_ledger}') is not null
        and (select count(*) from (select 1 from texts cross join lateral
          (select 1 from product_ledger where product_ledger.text_id = texts.text_id) hit limit ?) m) < ?
        as rare)`;
    // Each text's rows in turn (lateral): the count stops at its limit without every text found first.
    bindings.push(...match.bindings, RARE_TEXT_MATCHES, RARE_TEXT_MATCHES);
    checks.push('(select rare from ledger)');
  }
  if (sources.includes('audit_log')) {
    const hits = textMatch(q, PLAIN);
    checks.push(`case when to_regclass('${TEXT_INDEX.audit_log}') is null then false
        else (select count(*) from (select 1 from audit_log where ${hits.sql} limit ?) m) < ? end`);
    bindings.push(...hits.bindings, RARE_TEXT_MATCHES, RARE_TEXT_MATCHES);
  }
  // The ids only when the page will read by them: a common text matches most texts.
  const ids = ledger
    ? `case when (select rare from ledger) then (select coalesce(array_agg(text_id::text), '{}') from texts) end`
    : 'null';
  const result = await knex.raw<{ rows: { rare: boolean; ids: string[] | null }[] }>(
    `${texts} select ${checks.join(' and ')} as rare, ${ids} as ids`,
    bindings,
  );
  const row = result.rows[0];
  return row?.rare === true ? { ledgerTextIds: row.ids ?? [] } : null;
}

const minBigInt = (a: bigint, b: bigint) => (a < b ? a : b);
const maxBigInt = (a: bigint, b: bigint) => (a > b ? a : b);

/**
 * GET /api/audit: newest first, in pages of `limit`; `nextBefore` fetches the next (older) page.
 * The trail is two read models: a product's events from product_ledger, every other from audit_log;
 * an entity filter names the one to read, otherwise both are read side by side (slicedPage).
 */
export async function listAudit(knex: Knex, filter: AuditFilter): Promise<AuditPage> {
  const sources: Source[] = [];
  if (!filter.entity || filter.entity !== 'product') sources.push('audit_log');
  const ledgerId = !filter.entityId || (isUuid(filter.entityId) && filter.entityId === filter.entityId.toLowerCase());
  if ((!filter.entity || filter.entity === 'product') && ledgerId) sources.push('product_ledger');
  if (sources.length === 0) return { entries: [], nextBefore: null };
  // A closed date range bounds each source's walk by itself (the at indexes): no slices needed. One
  // source needs none either, unless a text alone filters it: slices let a rare text go to its index.
  const bounded =
    (sources.length === 1 && !textAlone(filter)) || (filter.from !== undefined && filter.to !== undefined);
  const rows = bounded
    ? await page(knex, sources, filter, filter.limit + 1, null)
    : await slicedPage(knex, sources, filter, filter.limit + 1);
  const entries = rows.slice(0, filter.limit);
  const last = entries[entries.length - 1];
  return {
    entries: entries.map((row) => ({
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

/** The trigram index each source's free text is read from (audit-search.schema.ts). */
const TEXT_INDEX: Record<Source, string> = {
  audit_log: 'audit_log_text_idx',
  product_ledger: 'ledger_audit_texts_text_idx',
};

/** Where the free text is matched, and how. */
interface TextColumns {
  readonly summary: string;
  readonly actor: string;
  readonly like: 'ilike' | 'like';
}

const PLAIN: TextColumns = { summary: 'summary', actor: 'actor_name', like: 'ilike' };
/** For a walk that filters as it goes (see branch). */
const WALKED: TextColumns = { summary: "coalesce(summary, '')", actor: "coalesce(actor_name, '')", like: 'ilike' };
/**
 * ledger_audit_texts' lower-case copies against the lower-cased text: what ILIKE does in a multibyte
 * encoding (both sides through lower()), without lowering every row at every search.
 */
const LOWERED: TextColumns = { summary: 'summary_lower', actor: 'actor_lower', like: 'like' };

/**
 * The free text as SQL over a summary and an actor's name. Summaries write amounts as people read
 * them ("₦1,100.00"), older rows as stored ("1100.00"): an amount typed either way finds both.
 */
function textMatch(q: string, columns: TextColumns): { sql: string; bindings: string[] } {
  const summaries = (amountSpellings(q.trim()) ?? [q]).map((text) => `%${escapeLike(text)}%`);
  const pattern = columns.like === 'like' ? 'lower(?)' : '?';
  const sql = [
    ...summaries.map(() => `${columns.summary} ${columns.like} ${pattern}`),
    `${columns.actor} ${columns.like} ${pattern}`,
  ].join(' or ');
  return { sql: `(${sql})`, bindings: [...summaries, `%${escapeLike(q)}%`] };
}

/** "1100.00" → also "1,100.00"; "1,100" → also "1100"; null for a text that is not an amount. */
function amountSpellings(text: string): string[] | null {
  const plain = /^\d+(\.\d*)?$/.test(text) ? text : null;
  const grouped = /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(text) ? text : null;
  if (plain) {
    const [whole = '', fraction] = plain.split('.');
    const withCommas = whole.replace(/\B(?=(\d{3})+$)/g, ',') + (fraction === undefined ? '' : `.${fraction}`);
    return withCommas === plain ? [plain] : [plain, withCommas];
  }
  return grouped ? [grouped, grouped.replace(/,/g, '')] : null;
}

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
