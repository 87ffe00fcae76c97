import type { Knex } from 'knex';
import { USER_COLUMNS, toUserRecord, type UserRecord, type UserRow } from './user-row.mapper';

/**
 * Sign-in lookup: the user not deleted holding this name (a deleted user's name may be reused),
 * inactive ones included so the caller decides. Exact match, as the username registry compares.
 */
export async function findUserByUsername(knex: Knex, username: string): Promise<UserRecord | null> {
  const row: UserRow | undefined = await knex('users')
    .select(USER_COLUMNS)
    .where({ username })
    .whereNull('deleted_at')
    .orderBy('created_at', 'asc')
    .first();
  return row ? toUserRecord(row) : null;
}
