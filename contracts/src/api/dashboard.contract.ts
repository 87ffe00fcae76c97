import { z } from 'zod';
import { moneyOut } from '../money';

export const lowStockProduct = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  currentStock: z.number().int(),
  minStockLevel: z.number().int(),
});

export const dashboardMetrics = z.object({
  totalProducts: z.number().int(),
  lowStockItems: z.number().int(),
  todaysSales: moneyOut,
  todaysSalesProfit: moneyOut,
  totalStockValue: moneyOut,
  totalStockProfit: moneyOut,
  todaysUnitsSold: z.number().int(),
  pendingOnlineOrders: z.number().int(),
  todaysServedOnlineOrders: z.number().int(),
  totalCustomers: z.number().int(),
  lowStockProducts: z.array(lowStockProduct),
  /** Products whose stock went below zero through sales taken offline ("oversold while offline"). */
  oversoldProducts: z.array(lowStockProduct),
});
export type DashboardMetrics = z.infer<typeof dashboardMetrics>;
