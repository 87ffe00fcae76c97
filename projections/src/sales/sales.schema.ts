import { SQL_TYPES } from '@shop/contracts';

export const salesSchema: readonly string[] = [
  `create table if not exists sales (
    sale_id text primary key,
    payment_method text not null,
    discount_percentage ${SQL_TYPES.percent} not null,
    original_total ${SQL_TYPES.amount} not null,
    discount_amount ${SQL_TYPES.amount} not null,
    total_value ${SQL_TYPES.amount} not null,
    seller_name text not null,
    notes text,
    line_count integer not null,
    created_at timestamptz not null
  )`,
];
