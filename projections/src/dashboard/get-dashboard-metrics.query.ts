import type { Knex } from 'knex';
import type { DashboardMetrics } from '@shop/contracts';
import { onlineOrderCountsSql } from '../online-orders/count-online-orders.query';
import { lagosBusinessDay } from '@shop/contracts';
import { formatMoney, toInt } from '../shared/sql-values';

interface DashboardRow {
  total_products: string | number;
  low_stock_items: string | number;
  total_stock_value: string;
  total_stock_profit: string;
  low_stock: LowStockRow[];
  sales_total: string | null;
  profit: string | null;
  units_sold: string | number | null;
  pending: string | number;
  served_today: string | number;
  total_customers: string | number;
}

interface LowStockRow {
  id: string;
  name: string;
  sku: string;
  current_stock: number;
  min_stock_level: number;
}

/**
 * GET /api/dashboard/metrics. `now` comes from the caller (testable, no clock in here); "today" is
 * its Africa/Lagos business day. Stock figures cover live products; sums are numeric in SQL.
 */
const toStockRow = (row: LowStockRow) => ({
  id: row.id,
  name: row.name,
  sku: row.sku,
  currentStock: Number(row.current_stock),
  minStockLevel: Number(row.min_stock_level),
});

/**
 * The sum of a kobo column times the stock, exact: bigint products while they cannot overflow (at
 * most 10^10 kobo times 9 × 10^8 units), numeric beyond; sum(bigint) itself adds up in numeric.
 */
const koboTimesStock = (column: 'price_kobo' | 'margin_kobo') =>
  `(coalesce(sum(${column} * current_stock) filter (where current_stock between -900000000 and 900000000), 0)
   + coalesce(sum(${column}::numeric * current_stock) filter (where current_stock not between -900000000 and 900000000), 0))`;

export async function getDashboardMetrics(knex: Knex, now: Date): Promise<DashboardMetrics> {
  const orders = onlineOrderCountsSql(now);
  // One statement instead of five: at 5,000 products the round trips were a good part of the time
  // (docs/benchmarks.md, screens at 1,000,000 events).
  const row: DashboardRow | undefined = (
    await knex.raw<{ rows: DashboardRow[] }>(
      `with stock as (
         select count(*) as total_products,
           count(*) filter (where current_stock <= min_stock_level) as low_stock_items,
           -- The spec's price × currentStock, as the inventory and the reports sum it: a product
           -- oversold while offline counts below zero on every screen alike. In kobo, as integers.
           (${koboTimesStock('price_kobo')} * 0.01)::numeric(20,2)::text as total_stock_value,
           (${koboTimesStock('margin_kobo')} * 0.01)::numeric(20,2)::text as total_stock_profit
         from products where deleted_at is null),
       -- Apart, from products_low_stock_idx (its predicate is this filter): an ordered aggregate
       -- over every product would sort them all first (PostgreSQL 16+), a second pass reads them all.
       low as (
         select coalesce(json_agg(json_build_object('id', id, 'name', name, 'sku', sku, 'current_stock', current_stock,
             'min_stock_level', min_stock_level) order by current_stock, name, id), '[]'::json) as low_stock
         from products where deleted_at is null and current_stock <= min_stock_level),
       -- Today's sale lines, on the day they happened (an offline sale on its day of sale, issue 14),
       -- net of their reversals (by hand, or an online order moved back from served), which count on
       -- the sale's day with signed figures: the same sums as the reports' day. Spec 9's profit per
       -- line, (unit price − cost) × quantity. The rollup's partial index by effective day.
       today as (
         select sum(sale_total)::text as sales_total, sum(sale_profit)::text as profit, sum(sale_quantity) as units_sold
         from daily_rollup where effective_day = ? and sale_sign <> 0),
       orders as (${orders.sql})
       select stock.*, low.*, today.*, orders.*, (select count(*) from customers) as total_customers
       from stock, low, today, orders`,
      [lagosBusinessDay(now), ...orders.bindings],
    )
  ).rows[0];
  const lowStock = row?.low_stock ?? [];

  return {
    totalProducts: toInt(row?.total_products),
    lowStockItems: toInt(row?.low_stock_items),
    todaysSales: formatMoney(row?.sales_total),
    todaysSalesProfit: formatMoney(row?.profit),
    totalStockValue: formatMoney(row?.total_stock_value),
    totalStockProfit: formatMoney(row?.total_stock_profit),
    todaysUnitsSold: toInt(row?.units_sold),
    pendingOnlineOrders: toInt(row?.pending),
    todaysServedOnlineOrders: toInt(row?.served_today),
    totalCustomers: toInt(row?.total_customers),
    lowStockProducts: lowStock.map(toStockRow),
    // Only offline sales take stock below zero (issue 14): the manager resolves it by stocktake or stock in.
    oversoldProducts: lowStock.filter((row) => Number(row.current_stock) < 0).map(toStockRow),
  };
}
