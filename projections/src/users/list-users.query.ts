import type { Knex } from 'knex';
import type { User } from '@shop/contracts';
import { USER_COLUMNS, toUserResponse, type UserRow } from './user-row.mapper';

/** GET /api/users: users not deleted, oldest first (the first manager stays on top). */
export async function listUsers(knex: Knex): Promise<User[]> {
  const rows: UserRow[] = await knex('users')
    .select(USER_COLUMNS)
    .whereNull('deleted_at')
    .orderBy([
      { column: 'created_at', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);
  return rows.map(toUserResponse);
}
