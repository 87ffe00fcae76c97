import type { Knex } from 'knex';
import { toIsoString } from '../shared/sql-values';

export interface Setting {
  key: string;
  value: unknown;
  description: string | null;
  updatedAt: string;
}

/** One setting as stored, or null; defaults (e.g. DEFAULT_PAGE_PERMISSIONS) are the caller's business. */
export async function getSetting(knex: Knex, key: string): Promise<Setting | null> {
  const row: { key: string; value: unknown; description: string | null; updated_at: Date | string } | undefined =
    await knex('settings').select('key', 'value', 'description', 'updated_at').where({ key }).first();
  return row
    ? { key: row.key, value: row.value, description: row.description, updatedAt: toIsoString(row.updated_at) }
    : null;
}
