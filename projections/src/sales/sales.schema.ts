export const salesSchema: readonly string[] = [
  `create table if not exists sales (
    sale_id text primary key,
    payment_method text not null,
    discount_percentage numeric(5,2) not null,
    original_total numeric(12,2) not null,
    discount_amount numeric(12,2) not null,
    total_value numeric(12,2) not null,
    seller_name text not null,
    notes text,
    line_count integer not null,
    created_at timestamptz not null
  )`,
];
