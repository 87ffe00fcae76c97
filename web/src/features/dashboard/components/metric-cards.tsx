import { Banknote, Package, TriangleExclamationPoint, Wallet } from 'lucide-react';
import { formatMoney } from '@/utils/format';
import { useDashboardMetrics } from '../api/get-dashboard-metrics';
import { MetricCard } from './metric-card';

export function MetricCards() {
  const { data: metrics, isPending, isError } = useDashboardMetrics();
  const isLoading = isPending && !isError;
  const unavailable = '—';

  return (
    <section aria-label="Key metrics" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <MetricCard
        testId="metric-card-total-products"
        title="Total Products"
        value={metrics ? String(metrics.totalProducts) : unavailable}
        subtitle="Products in the catalogue"
        icon={Package}
        tone="rose"
        isLoading={isLoading}
      />
      <MetricCard
        testId="metric-card-low-stock-items"
        title="Low Stock Items"
        value={metrics ? String(metrics.lowStockItems) : unavailable}
        subtitle="At or below minimum level"
        icon={TriangleExclamationPoint}
        tone="amber"
        trend="Restock soon to avoid running out"
        isLoading={isLoading}
      />
      <MetricCard
        testId="metric-card-todays-sales"
        title="Today's Sales"
        value={metrics ? formatMoney(metrics.todaysSales) : unavailable}
        subtitle={metrics ? `Profit: ${formatMoney(metrics.todaysSalesProfit)}` : unavailable}
        icon={Banknote}
        tone="emerald"
        trend="Since midnight"
        isLoading={isLoading}
      />
      <MetricCard
        testId="metric-card-stock-value"
        title="Stock Value"
        value={metrics ? formatMoney(metrics.totalStockValue) : unavailable}
        subtitle={metrics ? `Profit: ${formatMoney(metrics.totalStockProfit)}` : unavailable}
        icon={Wallet}
        tone="sky"
        trend="At current selling prices"
        isLoading={isLoading}
      />
    </section>
  );
}
