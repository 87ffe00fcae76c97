import type { Knex } from 'knex';
import { migrateUnderLock } from '@shop/infrastructure';
import { contactInfoSchema } from './contact-info/contact-info.schema';
import { customersSchema } from './customers/customers.schema';
import { onlineOrdersSchema } from './online-orders/online-orders.schema';
import { supportRequestsSchema } from './customer-support/support-requests.schema';
import { productsSchema } from './products/products.schema';
import { salesSchema } from './sales/sales.schema';
import { checkpointsSchema } from './runner/checkpoints.schema';
import { setAsideSchema } from './runner/set-aside.schema';
import { settingsSchema } from './settings/settings.schema';
import { usersSchema } from './users/users.schema';
import { productLedgerSchema } from './ledger/product-ledger.schema';
import { dailyRollupSchema } from './ledger/daily-rollup.schema';
import { auditLogSchema } from './audit/audit-log.schema';
import { auditSearchIndexes, enableTrigramSearch } from './audit/audit-search.schema';
import { resetRenamedLedger, retiredReadModels } from './retired-read-models';

const READ_MODEL_DDL: readonly string[] = [
  ...checkpointsSchema,
  ...setAsideSchema,
  ...productsSchema,
  ...usersSchema,
  ...settingsSchema,
  ...salesSchema,
  ...customersSchema,
  ...onlineOrdersSchema,
  ...supportRequestsSchema,
  ...contactInfoSchema,
  ...resetRenamedLedger,
  ...productLedgerSchema,
  ...dailyRollupSchema,
  ...auditLogSchema,
  ...retiredReadModels,
];

/** Every read-model table, read from the migrations: a table added there is listed here with no more work. */
export const READ_MODEL_TABLES: readonly string[] = READ_MODEL_DDL.flatMap((statement) => {
  const created = /^\s*create table (?:if not exists )?"?(\w+)"?/i.exec(statement);
  return created?.[1] ? [created[1]] : [];
});

/** Arbitrary constant: serialises concurrent migrators, since "if not exists" alone can race on pg_type. */
const MIGRATION_LOCK_KEY = 4_711_2024;

/** Creates every read-model table and index that is missing. Safe to run at each start. */
export async function migrateReadModels(knex: Knex): Promise<void> {
  await migrateUnderLock(knex, MIGRATION_LOCK_KEY, async (trx) => {
    await enableTrigramSearch(trx);
    await createReadModelTables(trx);
  });
}

/** Runs every read-model DDL statement in `trx`: in its search_path's first schema (a rebuild's fresh one too). */
export async function createReadModelTables(trx: Knex.Transaction): Promise<void> {
  for (const statement of READ_MODEL_DDL) await trx.raw(statement);
  for (const statement of await auditSearchIndexes(trx)) await trx.raw(statement);
}
