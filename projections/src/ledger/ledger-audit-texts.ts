import { hash } from 'node:crypto';
import { boundedMemo } from '@shop/contracts';
import type { ProjectionSql } from '../shared/projection-sql';

/** Distinct audit texts whose ids are remembered: about 10 MB at most (a key of about 100 characters and an id each). */
const AUDIT_TEXTS_REMEMBERED = 50_000;

/**
 * The id of a ledger row's audit text: a digest of its summary and actor name, so equal texts share
 * one ledger_audit_texts row whatever batch, process or rebuild wrote them (no lookup, no counter).
 * The summary's length goes first, so no two pairs spell the same input.
 */
export function auditTextId(summary: string, actorName: string): string {
  return digestAsUuid(`${summary.length}:${summary}${actorName}`);
}

/**
 * Texts repeat from row to row (the same sale line, the same person): each is digested once, while
 * up to AUDIT_TEXTS_REMEMBERED distinct texts are in play. A replay meets them product by product,
 * so a memo smaller than the texts in use is emptied before anything repeats (10,000 missed 40% of a
 * 1,000,000-event rebuild's 25,000 texts); node:crypto's one-shot hash is a third of createHash's cost.
 */
const digestAsUuid = boundedMemo((text) => {
  const hex = hash('md5', text);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}, AUDIT_TEXTS_REMEMBERED);

interface AuditText {
  readonly text_id: string;
  readonly summary: string;
  readonly actor_name: string;
}

/** The distinct texts of a batch's ledger rows, queued for ledger_audit_texts (one kept where it is already). */
export function saveAuditTexts(sql: ProjectionSql, rows: readonly AuditText[]): void {
  const distinct = new Map<string, AuditText>();
  for (const row of rows) {
    if (!distinct.has(row.text_id))
      distinct.set(row.text_id, { text_id: row.text_id, summary: row.summary, actor_name: row.actor_name });
  }
  sql.insert({
    table: 'ledger_audit_texts',
    columns: [
      ['text_id', 'uuid'],
      ['summary', 'text'],
      ['actor_name', 'text'],
    ],
    rows: [...distinct.values()],
    onConflict: 'on conflict (text_id) do nothing',
    mayExist: true,
  });
}
