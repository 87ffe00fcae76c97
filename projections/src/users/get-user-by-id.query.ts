import type { Knex } from 'knex';
import { isUuid } from '../shared/sql-values';
import { USER_COLUMNS, toUserRecord, type UserRecord, type UserRow } from './user-row.mapper';

/**
 * A user by id, deleted ones included (deletedAt set): a session or an audit line may still point
 * at them, and the caller decides what a deleted user may do (nothing, usually).
 */
export async function getUserById(knex: Knex, id: string): Promise<UserRecord | null> {
  if (!isUuid(id)) return null;
  const row: UserRow | undefined = await knex('users').select(USER_COLUMNS).where({ id }).first();
  return row ? toUserRecord(row) : null;
}
