/**
 * Column changes a start makes to a table that may be of an earlier version. ALTER TABLE takes an
 * ACCESS EXCLUSIVE lock even when "if (not) exists" finds nothing to do, and waits for every query
 * running on the table while the ones after it queue behind: every start of a gateway or projector
 * would block the table's readers. These ask the catalog first, so a later start locks nothing.
 */

const quotedNames = (columns: readonly string[]) => columns.map((column) => `'${column.split(' ')[0]}'`).join(', ');

const presentCount = (table: string, columns: readonly string[]) =>
  `(select count(*) from pg_attribute where attrelid = to_regclass('${table}') and not attisdropped
        and attname in (${quotedNames(columns)}))`;

/** DDL that adds `columns` ("name type …") to `table` only when one of them is missing. */
export function addMissingColumns(table: string, columns: readonly string[]): string {
  return `do $$ begin
    if ${presentCount(table, columns)} < ${columns.length} then
      alter table ${table} ${columns.map((column) => `add column if not exists ${column}`).join(', ')};
    end if;
  end $$`;
}

/** DDL that drops the retired `columns` (names) of `table` only when one of them is still there. */
export function dropRetiredColumns(table: string, columns: readonly string[]): string {
  return `do $$ begin
    if ${presentCount(table, columns)} > 0 then
      alter table ${table} ${columns.map((column) => `drop column if exists ${column}`).join(', ')};
    end if;
  end $$`;
}
