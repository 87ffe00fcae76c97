import { Banknote, Package, TriangleExclamationPoint, Wallet, type LucideIcon } from 'lucide-react';
import type { DashboardMetrics } from '@shop/contracts';
import { LoadFailed } from '@/components/feedback/load-failed';
import { formatMoney } from '@/utils/format';
import { useDashboardMetrics } from '../api/get-dashboard-metrics';
import { MetricCard, type MetricTone } from './metric-card';

type MetricCardSpec = {
  key: string;
  title: string;
  icon: LucideIcon;
  tone: MetricTone;
  trend?: string;
  value: (metrics: DashboardMetrics) => string;
  /** A fixed line, or one read from the metrics. */
  subtitle: string | ((metrics: DashboardMetrics) => string);
};

const profit = (amount: string) => `Profit: ${formatMoney(amount)}`;

const METRIC_CARDS: readonly MetricCardSpec[] = [
  {
    key: 'total-products',
    title: 'Total Products',
    icon: Package,
    tone: 'rose',
    value: (metrics) => String(metrics.totalProducts),
    subtitle: 'Products in the catalogue',
  },
  {
    key: 'low-stock-items',
    title: 'Low Stock Items',
    icon: TriangleExclamationPoint,
    tone: 'amber',
    trend: 'Restock soon to avoid running out',
    value: (metrics) => String(metrics.lowStockItems),
    subtitle: 'At or below minimum level',
  },
  {
    key: 'todays-sales',
    title: "Today's Sales",
    icon: Banknote,
    tone: 'emerald',
    trend: 'Since midnight',
    value: (metrics) => formatMoney(metrics.todaysSales),
    subtitle: (metrics) => profit(metrics.todaysSalesProfit),
  },
  {
    key: 'stock-value',
    title: 'Stock Value',
    icon: Wallet,
    tone: 'sky',
    trend: 'At current selling prices',
    value: (metrics) => formatMoney(metrics.totalStockValue),
    subtitle: (metrics) => profit(metrics.totalStockProfit),
  },
];

/** Shown in place of a number while the metrics are loading or failed to load. */
const UNAVAILABLE = '—';

export function MetricCards() {
  const { data: metrics, isPending, isError, isFetching, refetch } = useDashboardMetrics();
  const isLoading = isPending && !isError;

  return (
    <section aria-label="Key metrics" className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {METRIC_CARDS.map(({ key, value, subtitle, ...card }) => (
        <MetricCard
          key={key}
          testId={`metric-card-${key}`}
          {...card}
          value={metrics ? value(metrics) : UNAVAILABLE}
          subtitle={typeof subtitle === 'string' ? subtitle : metrics ? subtitle(metrics) : UNAVAILABLE}
          isLoading={isLoading}
        />
      ))}
      {/* The cards keep their dashes; the row under them says why, with a way to ask again. */}
      {isError && (
        <div className="col-span-full">
          <LoadFailed
            message="The metrics could not be loaded."
            onRetry={() => void refetch()}
            retrying={isFetching}
            padding="py-2"
            testId="metrics-load-failed"
          />
        </div>
      )}
    </section>
  );
}
