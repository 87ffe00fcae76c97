import { SQL_TYPES } from '@shop/contracts';

/** One row per Africa/Lagos business day and staff member (the seller named on the sale line). */
export const dailyStaffSalesSchema: readonly string[] = [
  `create table if not exists daily_staff_sales (
    business_day date not null,
    staff text not null,
    sales_total ${SQL_TYPES.rollupAmount} not null default 0,
    discounts ${SQL_TYPES.rollupAmount} not null default 0,
    profit ${SQL_TYPES.rollupAmount} not null default 0,
    units_sold ${SQL_TYPES.rollupQuantity} not null default 0,
    sale_lines integer not null default 0,
    primary key (business_day, staff)
  )`,
];
