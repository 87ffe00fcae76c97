/** Staff accounts. A deleted user keeps its row (audit, names in history) with deleted_at set. */
export const usersSchema: readonly string[] = [
  `create table if not exists users (
    id uuid primary key,
    username text not null,
    password_hash text not null,
    role text not null,
    permissions jsonb not null default '{}'::jsonb,
    is_active boolean not null default true,
    last_login_at timestamptz,
    created_at timestamptz not null,
    deleted_at timestamptz
  )`,
  `create index if not exists users_live_username_idx on users (username) where deleted_at is null`,
];
