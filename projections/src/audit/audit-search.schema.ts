import type { Knex } from 'knex';
import { quoteIdentifier } from '../runner/apply-batch';

/**
 * The audit page's free text (`summary ilike '%…%' or actor_name ilike '%…%'`) through trigram
 * indexes, where the engine has pg_trgm: a rare text otherwise walks the whole trail (1.6 s at
 * 1,000,000 events). PGlite loads the extension (pglite-worker.ts); a server may lack it or refuse
 * it to this user, and then the search still works, by the walk. The product ledger's texts are
 * indexed in ledger_audit_texts, once per distinct (summary, actor_name): a trigram index on every
 * ledger row was a third of the database's work in a catch-up or a rebuild (docs/benchmarks.md).
 */
export async function enableTrigramSearch(trx: Knex.Transaction): Promise<void> {
  // A savepoint: a refused "create extension" must not abort the migration around it.
  await trx.transaction((savepoint) => savepoint.raw('create extension if not exists pg_trgm')).catch(() => undefined);
}

/**
 * The trigram indexes, or none without pg_trgm. The operator class is named with the extension's
 * schema: a rebuild creates its tables with only its own schema on the search_path.
 */
export async function auditSearchIndexes(trx: Knex.Transaction): Promise<string[]> {
  const result = await trx.raw<{ rows: { schema: string }[] }>(
    `select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace
     where e.extname = 'pg_trgm'`,
  );
  const schema = result.rows[0]?.schema;
  if (!schema) return [];
  const ops = `${quoteIdentifier(schema)}.gin_trgm_ops`;
  return [
    `create index if not exists audit_log_text_idx on audit_log using gin (summary ${ops}, actor_name ${ops})`,
    `create index if not exists ledger_audit_texts_text_idx
      on ledger_audit_texts using gin (summary_lower ${ops}, actor_lower ${ops})`,
  ];
}
