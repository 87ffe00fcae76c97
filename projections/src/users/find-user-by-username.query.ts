import type { Knex } from 'knex';
import { USER_COLUMNS, toUserRecord, type UserRecord, type UserRow } from './user-row.mapper';

/**
 * Sign-in lookup: the user not deleted holding this name (a deleted user's name may be reused),
 * inactive ones included so the caller decides. In any letter case, as the username registry
 * compares (`Ada` typed on a phone that capitalises is the user `ada`); the name as written first.
 */
export async function findUserByUsername(knex: Knex, username: string): Promise<UserRecord | null> {
  const row: UserRow | undefined = await knex('users')
    .select(USER_COLUMNS)
    .whereRaw('lower(username) = lower(?)', [username])
    .whereNull('deleted_at')
    .orderByRaw('(username = ?) desc, created_at asc', [username])
    .first();
  return row ? toUserRecord(row) : null;
}
