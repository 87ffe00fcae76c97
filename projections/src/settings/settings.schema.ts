export const settingsSchema: readonly string[] = [
  `create table if not exists settings (
    key text primary key,
    value jsonb not null,
    description text,
    updated_at timestamptz not null
  )`,
];
