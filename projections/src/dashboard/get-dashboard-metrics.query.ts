import type { Knex } from 'knex';
import type { DashboardMetrics } from '@shop/contracts';
import { countCustomers } from '../customers/get-customer.query';
import { countOnlineOrders } from '../online-orders/count-online-orders.query';
import { lagosBusinessDay } from '@shop/contracts';
import { formatMoney, toInt } from '../shared/sql-values';

interface StockSummaryRow {
  total_products: string | number;
  low_stock_items: string | number;
  total_stock_value: string;
  total_stock_profit: string;
}

interface DayRow {
  sales_total: string | null;
  profit: string | null;
  units_sold: string | number | null;
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

export async function getDashboardMetrics(knex: Knex, now: Date): Promise<DashboardMetrics> {
  const stock: StockSummaryRow | undefined = (
    await knex.raw<{ rows: StockSummaryRow[] }>(
      `select count(*) as total_products,
         count(*) filter (where current_stock <= min_stock_level) as low_stock_items,
         coalesce(sum(price * greatest(current_stock, 0)), 0)::numeric(20,2)::text as total_stock_value,
         coalesce(sum((price - coalesce(cost_price, price)) * greatest(current_stock, 0)), 0)::numeric(20,2)::text
           as total_stock_profit
       from products where deleted_at is null`,
    )
  ).rows[0];
  // Today's stock outs for a sale, on the day they happened (an offline sale on its day of sale, issue 14);
  // a later reversal does not change today's figure.
  const today: DayRow | undefined = await knex('daily_rollup')
    .select(
      knex.raw('sum(value)::text as sales_total'),
      knex.raw('sum(out_profit)::text as profit'),
      knex.raw('sum(units) as units_sold'),
    )
    .where({ effective_day: lagosBusinessDay(now), direction: 'out', reason: 'sale' })
    // Every such row is a sale line (a reversal is an adjustment): the rollup's partial index by effective day.
    .whereRaw('sale_sign <> 0')
    .first();
  const lowStock: LowStockRow[] = await knex('products')
    .select('id', 'name', 'sku', 'current_stock', 'min_stock_level')
    .whereNull('deleted_at')
    .whereRaw('current_stock <= min_stock_level')
    .orderBy([
      { column: 'current_stock', order: 'asc' },
      { column: 'name', order: 'asc' },
      { column: 'id', order: 'asc' },
    ]);

  const orders = await countOnlineOrders(knex, now);
  const totalCustomers = await countCustomers(knex);

  return {
    totalProducts: toInt(stock?.total_products),
    lowStockItems: toInt(stock?.low_stock_items),
    todaysSales: formatMoney(today?.sales_total),
    todaysSalesProfit: formatMoney(today?.profit),
    totalStockValue: formatMoney(stock?.total_stock_value),
    totalStockProfit: formatMoney(stock?.total_stock_profit),
    todaysUnitsSold: toInt(today?.units_sold),
    pendingOnlineOrders: orders.pendingOnlineOrders,
    todaysServedOnlineOrders: orders.todaysServedOnlineOrders,
    totalCustomers,
    lowStockProducts: lowStock.map(toStockRow),
    // Only offline sales take stock below zero (issue 14): the manager resolves it by stocktake or stock in.
    oversoldProducts: lowStock.filter((row) => Number(row.current_stock) < 0).map(toStockRow),
  };
}
