import { assertNever, defineProjection } from '../shared/projection';
import { jsonParam } from '../shared/sql-values';
import type { ProjectionSql } from '../shared/projection-sql';

/** Last-wins changes to one user within a batch; undefined means "not touched". */
interface UserPatch {
  is_active?: boolean;
  password_hash?: string;
  last_login_at?: string;
  deleted_at?: string;
}

/**
 * Staff accounts, password hash included (sign-in reads it here; queries strip it from API shapes).
 * User events are few but sign-ins accumulate: a batch is folded per user, then written by one
 * set-based update (a field absent from the patch arrives as null and keeps its value).
 */
export const usersProjection = defineProjection({
  name: 'users',
  handles: ['UserCreated', 'UserActivationChanged', 'UserDeleted', 'UserPasswordChanged', 'UserSignedIn'] as const,
  tables: ['users'],
  async project(events, sql) {
    const created: object[] = [];
    const patches = new Map<string, UserPatch>();
    const patch = (userId: string, change: UserPatch) => patches.set(userId, { ...patches.get(userId), ...change });

    for (const event of events) {
      switch (event.type) {
        case 'UserCreated':
          created.push({
            id: event.data.userId,
            username: event.data.username,
            password_hash: event.data.passwordHash,
            role: event.data.role,
            permissions: event.data.permissions,
            is_active: event.data.isActive,
            created_at: event.metadata.at,
          });
          break;
        case 'UserActivationChanged':
          patch(event.data.userId, { is_active: event.data.isActive });
          break;
        case 'UserPasswordChanged':
          patch(event.data.userId, { password_hash: event.data.passwordHash });
          break;
        case 'UserSignedIn':
          patch(event.data.userId, { last_login_at: event.metadata.at });
          break;
        case 'UserDeleted':
          if (patches.get(event.data.userId)?.deleted_at === undefined) {
            patch(event.data.userId, { deleted_at: event.metadata.at });
          }
          break;
        default:
          assertNever(event);
      }
    }

    if (created.length > 0) insertUsers(sql, created);
    if (patches.size > 0)
      patchUsers(
        sql,
        [...patches].map(([id, change]) => ({ id, ...change })),
      );
  },
});

function insertUsers(sql: ProjectionSql, rows: readonly object[]) {
  sql.write(
    `insert into users (id, username, password_hash, role, permissions, is_active, created_at)
     select id, username, password_hash, role, coalesce(permissions, '{}'::jsonb), is_active, created_at
     from jsonb_to_recordset(?::jsonb) as r(id uuid, username text, password_hash text, role text,
       permissions jsonb, is_active boolean, created_at timestamptz)
     on conflict (id) do nothing`,
    [jsonParam(rows)],
  );
}

function patchUsers(sql: ProjectionSql, patches: readonly ({ id: string } & UserPatch)[]) {
  sql.write(
    `update users u set
       is_active = coalesce(p.is_active, u.is_active),
       password_hash = coalesce(p.password_hash, u.password_hash),
       last_login_at = coalesce(p.last_login_at, u.last_login_at),
       -- deleted once: a repeated UserDeleted must not move the original date
       deleted_at = coalesce(u.deleted_at, p.deleted_at)
     from jsonb_to_recordset(?::jsonb) as p(id uuid, is_active boolean, password_hash text,
       last_login_at timestamptz, deleted_at timestamptz)
     where u.id = p.id`,
    [jsonParam(patches)],
  );
}
