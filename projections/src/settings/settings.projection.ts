import { defineProjection } from '../shared/projection';
import { jsonParam } from '../shared/sql-values';
import type { ProjectionSql } from '../shared/projection-sql';

interface SettingRow {
  key: string;
  value: unknown;
  description: string | null;
  updated_at: string;
}

/**
 * Key/value settings, last change wins. A change without a description keeps the one already
 * stored: callers such as PUT /api/settings/page_permissions send only the value.
 */
export const settingsProjection = defineProjection({
  name: 'settings',
  handles: ['SettingChanged'] as const,
  tables: ['settings'],
  async project(events, sql) {
    const latest = new Map<string, SettingRow>();
    for (const event of events) {
      const previous = latest.get(event.data.key);
      latest.set(event.data.key, {
        key: event.data.key,
        // jsonb has no "undefined"; an absent value is stored as JSON null.
        value: event.data.value === undefined ? null : event.data.value,
        description: event.data.description ?? previous?.description ?? null,
        updated_at: event.metadata.at,
      });
    }
    if (latest.size > 0) upsertSettings(sql, [...latest.values()]);
  },
});

function upsertSettings(sql: ProjectionSql, rows: readonly SettingRow[]) {
  // Wrapping each value keeps a JSON null distinct from a missing recordset field.
  const wrapped = rows.map((row) => ({ ...row, value: { v: row.value } }));
  sql.write(
    `insert into settings as s (key, value, description, updated_at)
     select key, value -> 'v', description, updated_at
     from jsonb_to_recordset(?::jsonb) as r(key text, value jsonb, description text, updated_at timestamptz)
     on conflict (key) do update set
       value = excluded.value,
       description = coalesce(excluded.description, s.description),
       updated_at = excluded.updated_at`,
    [jsonParam(wrapped)],
  );
}
