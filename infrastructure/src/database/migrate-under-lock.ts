import type { Knex } from 'knex';

/**
 * Runs `migrate` in one transaction that first takes the transaction-scoped advisory lock `lockKey`:
 * "create ... if not exists" alone can race (on pg_type) when several processes start at once, so each
 * schema's migrators take turns. Commit or rollback frees the lock. Each schema keeps a key of its own.
 */
export async function migrateUnderLock(
  knex: Knex,
  lockKey: number,
  migrate: (trx: Knex.Transaction) => Promise<void>,
): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(?)', [lockKey]);
    await migrate(trx);
  });
}
