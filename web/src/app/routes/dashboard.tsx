import { DASHBOARD_LIMITS } from '@shop/contracts';
import { lazy, Suspense, useState } from 'react';
import { ChunkErrorBoundary } from '@/components/feedback/chunk-error-boundary';
import { PackagePlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSignedInUser } from '@/lib/session';
import { LowStockAlerts } from '@/features/dashboard/components/low-stock-alerts';
import { MetricCards } from '@/features/dashboard/components/metric-cards';
import { QuickActions } from '@/features/dashboard/components/quick-actions';
import { RecentTransactions } from '@/features/dashboard/components/recent-transactions';
import { useProducts } from '@/features/products/api/get-products';
import { useNewestTransactions } from '@/features/transactions/api/get-transactions';
import { useDashboardMetrics } from '@/features/dashboard/api/get-dashboard-metrics';
import { PageHeader } from '../layout/page-header';

// The dialogs (Radix Dialog and Select, the stock form's schemas) load when first opened, not with the page.
const StockDialog = lazy(async () => ({
  default: (await import('@/features/inventory/components/stock-dialog')).StockDialog,
}));
const OnlineOrdersDialog = lazy(async () => ({
  default: (await import('@/features/online-orders/components/online-orders-dialog')).OnlineOrdersDialog,
}));

export function DashboardPage() {
  const user = useSignedInUser();
  const transactions = useNewestTransactions(DASHBOARD_LIMITS.recentTransactions);
  const products = useProducts();
  const metrics = useDashboardMetrics();
  const [stockIn, setStockIn] = useState<{ open: boolean; productId?: string }>({ open: false });
  const [ordersOpen, setOrdersOpen] = useState(false);
  // Once opened, a dialog stays mounted so that it can animate out.
  const [stockInUsed, setStockInUsed] = useState(false);
  const [ordersUsed, setOrdersUsed] = useState(false);
  if (stockIn.open && !stockInUsed) setStockInUsed(true);
  if (ordersOpen && !ordersUsed) setOrdersUsed(true);

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={`Welcome back, ${user.username}. Here is how the store is doing today.`}
        actions={
          <Button variant="outline" onClick={() => setStockIn({ open: true })} data-testid="dashboard-stock-in-button">
            <PackagePlus className="h-4 w-4" aria-hidden="true" />
            Stock In
          </Button>
        }
      />
      <div className="space-y-6">
        <MetricCards />
        <QuickActions onOpenOrders={() => setOrdersOpen(true)} />
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          <RecentTransactions
            transactions={transactions.data}
            isLoading={transactions.isPending}
            isError={transactions.isError}
            onRetry={() => void transactions.refetch()}
            retrying={transactions.isFetching}
          />
          <LowStockAlerts onRestock={(productId) => setStockIn({ open: true, productId })} />
        </div>
      </div>
      <ChunkErrorBoundary variant="inline">
        <Suspense fallback={null}>
          {stockInUsed && (
            <StockDialog
              type="in"
              open={stockIn.open}
              productId={stockIn.productId}
              onOpenChange={(open) => setStockIn((current) => ({ ...current, open }))}
              products={products.data ?? []}
            />
          )}
          {ordersUsed && (
            <OnlineOrdersDialog
              open={ordersOpen}
              onOpenChange={setOrdersOpen}
              pendingCountHint={metrics.data?.pendingOnlineOrders}
            />
          )}
        </Suspense>
      </ChunkErrorBoundary>
    </>
  );
}
