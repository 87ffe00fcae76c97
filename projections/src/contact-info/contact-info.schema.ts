export const contactInfoSchema: readonly string[] = [
  `create table if not exists contact_info (
    id smallint primary key default 1 check (id = 1),
    email text not null,
    phone text not null,
    whatsapp text not null,
    address text not null,
    updated_at timestamptz not null
  )`,
];
