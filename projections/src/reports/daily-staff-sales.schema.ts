/** One row per Africa/Lagos business day and staff member (the seller named on the sale line). */
export const dailyStaffSalesSchema: readonly string[] = [
  `create table if not exists daily_staff_sales (
    business_day date not null,
    staff text not null,
    sales_total numeric(14,2) not null default 0,
    discounts numeric(14,2) not null default 0,
    profit numeric(14,2) not null default 0,
    units_sold bigint not null default 0,
    sale_lines integer not null default 0,
    primary key (business_day, staff)
  )`,
];
