import { Bell } from 'lucide-react';
import { DASHBOARD_LIMITS } from '@shop/contracts';
import { Tooltip } from '@/components/ui/tooltip';
import { useDashboardMetrics } from '../api/get-dashboard-metrics';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Badge = low-stock items + pending online orders (spec section 9), capped at "99+". */
export function NotificationBell() {
  const { data: metrics } = useDashboardMetrics();
  const lowStock = metrics?.lowStockItems ?? 0;
  const pendingOrders = metrics?.pendingOnlineOrders ?? 0;
  const total = lowStock + pendingOrders;
  // Already among the low-stock items (stock below zero); named apart so the manager sees why.
  const oversold = metrics?.oversoldProducts?.length ?? 0;
  const oversoldText = oversold > 0 ? `, ${plural(oversold, 'product', 'products')} oversold while offline` : '';
  const badge = total > DASHBOARD_LIMITS.bellCap ? `${DASHBOARD_LIMITS.bellCap}+` : String(total);
  const breakdown = `${plural(lowStock, 'low stock item', 'low stock items')}, ${plural(pendingOrders, 'pending online order', 'pending online orders')}${oversoldText}`;

  return (
    <Tooltip
      openOnClick
      content={
        <div data-testid="notification-tooltip" className="space-y-0.5">
          <p className="font-semibold">Notifications</p>
          <p>{plural(lowStock, 'low stock item', 'low stock items')}</p>
          <p>{plural(pendingOrders, 'pending online order', 'pending online orders')}</p>
          {oversold > 0 && (
            <p data-testid="notification-oversold">{plural(oversold, 'product', 'products')} oversold while offline</p>
          )}
        </div>
      }
    >
      <button
        type="button"
        data-testid="notification-bell"
        aria-label={`Notifications: ${breakdown}`}
        className="relative inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg border border-slate-200 bg-white text-slate-600 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-rose-400 focus-visible:outline-none"
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {total > 0 && (
          <span
            data-testid="notification-badge"
            className="absolute -top-1.5 -right-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-[11px] leading-none font-semibold text-white ring-2 ring-white"
          >
            {badge}
          </span>
        )}
      </button>
    </Tooltip>
  );
}
