/**
 * Support inbox. `id` is the serial number allocated in the events (not a database sequence), so a
 * rebuild gives every request the same id. `created_day` is the Africa/Lagos business day of
 * `created_at`, stored so the stats never depend on the database server's time zone.
 */
export const supportRequestsSchema: readonly string[] = [
  `create table if not exists support_requests (
    id integer primary key,
    full_name text not null,
    email text not null,
    phone_number text,
    subject text,
    complaint text not null,
    status text not null default 'pending',
    notes text,
    created_at timestamptz not null,
    created_day date not null,
    resolved_at timestamptz,
    updated_at timestamptz not null
  )`,
  `create index if not exists support_requests_created_day_idx on support_requests (created_day)`,
  `create table if not exists support_replies (
    reply_id uuid primary key,
    request_id integer not null,
    reply text not null,
    notes text,
    replied_by text not null,
    replied_at timestamptz not null,
    delivery text not null default 'outbox',
    delivered_at timestamptz,
    delivery_error text
  )`,
  `create index if not exists support_replies_request_idx on support_replies (request_id, replied_at)`,
];
