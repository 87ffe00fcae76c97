import type { Knex } from 'knex';

/**
 * The ledger's rows newest first, a page at a time: ordered by the time recorded and then the
 * global position (product_ledger_at_idx), each page after the last row of the previous one.
 */
export interface NewestFirstKey {
  /** Exact text of `at` (microseconds kept). */
  readonly at_key: string;
  readonly key_commit: string;
  readonly key_prepare: string;
}

/** The key's columns, to select beside a page's own. */
export const newestFirstKeyColumns = (knex: Knex) => [
  knex.raw('at::text as at_key'),
  knex.raw('position_commit::text as key_commit'),
  knex.raw('position_prepare::text as key_prepare'),
];

/** Orders `query` newest first and, after a first page, starts it after `after`. */
export function newestFirstPage(query: Knex.QueryBuilder, after: NewestFirstKey | null): void {
  query.orderBy([
    { column: 'at', order: 'desc' },
    { column: 'position_commit', order: 'desc' },
    { column: 'position_prepare', order: 'desc' },
  ]);
  if (after) {
    query.whereRaw('(at, position_commit, position_prepare) < (?::timestamptz, ?::numeric, ?::numeric)', [
      after.at_key,
      after.key_commit,
      after.key_prepare,
    ]);
  }
}
