/**
 * Read models replaced by product_ledger and daily_rollup (issue 10: one read model per question).
 * Read models are rebuildable, so retiring one is dropping its tables and forgetting its place:
 * the new projections have no checkpoint yet and replay the whole store on the next start.
 * Idempotent: run with the other DDL at every start (in a rebuild's fresh schema, a no-op).
 */
const RETIRED_TABLES = [
  'transactions',
  'transaction_products',
  'stock_ledger',
  'ledger_products',
  'ledger_sales',
  'ledger_sales_daily',
  'ledger_movements_daily',
  'daily_sales',
  'daily_staff_sales',
  'audit_cost_prices',
];

const RETIRED_PROJECTIONS = ["'transactions'", "'daily_sales'", "'daily_staff_sales'"].join(', ');

/**
 * The stock_ledger projection kept its name and changed its tables: the first time product_ledger is
 * created, its old place (and what it set aside) is forgotten, so it replays the store into the new
 * tables. A product_ledger of an earlier shape is dropped with the rollup it was built with, and
 * replayed the same way: from before its rows named their audit text (text_id), or while they still
 * carried a copy of their event's data (details, since read back from the columns) or an empty list
 * of changes (since null). Runs before product_ledger's DDL; in a rebuild's fresh schema there is
 * nothing to forget.
 */
export const resetRenamedLedger: readonly string[] = [
  `do $$ begin
     if to_regclass('product_ledger') is not null and (
         not exists (select 1 from pg_attribute
           where attrelid = to_regclass('product_ledger') and attname = 'text_id' and not attisdropped)
         or exists (select 1 from pg_attribute
           where attrelid = to_regclass('product_ledger') and not attisdropped
             and (attname = 'details' or (attname = 'changes' and attnotnull)))) then
       drop table product_ledger;
       drop table if exists daily_rollup;
     end if;
     if to_regclass('product_ledger') is null then
       delete from projection_checkpoints where name = 'stock_ledger';
       delete from projection_set_aside where projection = 'stock_ledger';
     end if;
   end $$`,
];

export const retiredReadModels: readonly string[] = [
  `drop table if exists ${RETIRED_TABLES.join(', ')}`,
  `delete from projection_checkpoints where name in (${RETIRED_PROJECTIONS})`,
  `delete from projection_set_aside where projection in (${RETIRED_PROJECTIONS})`,
  // A product's audit lines now live on its ledger rows.
  `delete from audit_log where entity = 'product'`,
  `delete from audit_names where kind = 'product'`,
];
