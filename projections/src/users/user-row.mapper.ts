import type { Role, User } from '@shop/contracts';
import { toIsoString, toNullableIsoString } from '../shared/sql-values';

export interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  role: Role;
  permissions: Record<string, unknown> | null;
  is_active: boolean;
  last_login_at: Date | string | null;
  created_at: Date | string;
  deleted_at: Date | string | null;
}

/** What sign-in and password change need. Never send it over HTTP: use toUserResponse. */
export type UserRecord = User & { readonly passwordHash: string; readonly deletedAt: string | null };

export const USER_COLUMNS = [
  'id',
  'username',
  'password_hash',
  'role',
  'permissions',
  'is_active',
  'last_login_at',
  'created_at',
  'deleted_at',
] as const;

export function toUserRecord(row: UserRow): UserRecord {
  return { ...toUserResponse(row), passwordHash: row.password_hash, deletedAt: toNullableIsoString(row.deleted_at) };
}

/** Builds the API shape field by field, so a hash can never leak through a spread. */
export function toUserResponse(user: UserRow | UserRecord): User {
  if ('password_hash' in user) {
    return {
      id: user.id,
      username: user.username,
      role: user.role,
      permissions: user.permissions ?? {},
      isActive: user.is_active,
      lastLoginAt: toNullableIsoString(user.last_login_at),
      createdAt: toIsoString(user.created_at),
    };
  }
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    permissions: user.permissions,
    isActive: user.isActive,
    lastLoginAt: user.lastLoginAt,
    createdAt: user.createdAt,
  };
}
