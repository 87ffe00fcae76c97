/**
 * DDL that adds `columns` ("name type …") to `table` only when one of them is missing. ALTER TABLE
 * takes an ACCESS EXCLUSIVE lock even when "if not exists" finds every column there, and the
 * migration holds it to the end of its transaction: every start of a gateway or projector would
 * block the table's readers. The catalog is asked first, so a later start locks nothing.
 */
export function addMissingColumns(table: string, columns: readonly string[]): string {
  const names = columns.map((column) => `'${column.split(' ')[0]}'`);
  return `do $$ begin
    if (select count(*) from pg_attribute where attrelid = to_regclass('${table}') and not attisdropped
        and attname in (${names.join(', ')})) < ${names.length} then
      alter table ${table} ${columns.map((column) => `add column if not exists ${column}`).join(', ')};
    end if;
  end $$`;
}
