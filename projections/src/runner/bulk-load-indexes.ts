import type { Knex } from 'knex';

/** A secondary index set aside during a bulk load, with the statement that brings it back. */
export interface DroppedIndex {
  readonly name: string;
  readonly create: string;
}

/**
 * Drops the plain (non-unique, non-primary) indexes of `tables`: filling a freshly truncated table
 * and indexing it once afterwards is much cheaper than maintaining every index row by row.
 * Primary keys and unique indexes stay, since inserts rely on them for ON CONFLICT.
 */
export async function dropSecondaryIndexes(trx: Knex.Transaction, tables: readonly string[]): Promise<DroppedIndex[]> {
  if (tables.length === 0) return [];
  const result = await trx.raw<{ rows: { name: string; definition: string }[] }>(
    `select index_class.relname as name, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i
     join pg_class index_class on index_class.oid = i.indexrelid
     where i.indrelid in (select jsonb_array_elements_text(?::jsonb)::regclass)
       and not i.indisprimary and not i.indisunique`,
    [JSON.stringify(tables)],
  );
  for (const index of result.rows) await trx.raw('drop index if exists ??', [index.name]);
  return result.rows.map((index) => ({
    name: index.name,
    // "if not exists": a migration run meanwhile (an app start) may have recreated it already.
    create: index.definition.replace(/^CREATE INDEX /i, 'CREATE INDEX IF NOT EXISTS '),
  }));
}

/**
 * Builds the indexes back, `concurrency` at a time: an index build mostly keeps one core busy, so
 * on a server with connections to spare several side by side finish sooner; PGlite has one.
 */
export async function recreateIndexes(
  run: (statement: string) => Promise<unknown>,
  indexes: readonly DroppedIndex[],
  concurrency = 1,
): Promise<void> {
  const queue = [...indexes];
  const builder = async () => {
    for (let index = queue.shift(); index; index = queue.shift()) await run(index.create);
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, builder));
}
