import { useState } from 'react';
import { PackagePlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useSignedInUser } from '@/lib/session';
import { LowStockAlerts } from '@/features/dashboard/components/low-stock-alerts';
import { MetricCards } from '@/features/dashboard/components/metric-cards';
import { QuickActions } from '@/features/dashboard/components/quick-actions';
import { RecentTransactions } from '@/features/dashboard/components/recent-transactions';
import { StockDialog } from '@/features/inventory/components/stock-dialog';
import { useProducts } from '@/features/products/api/get-products';
import { useTransactions } from '@/features/transactions/api/get-transactions';
import { useDashboardMetrics } from '@/features/dashboard/api/get-dashboard-metrics';
import { OnlineOrdersDialog } from '@/features/online-orders/components/online-orders-dialog';
import { PageHeader } from '../layout/page-header';

export function DashboardPage() {
  const user = useSignedInUser();
  const transactions = useTransactions();
  const products = useProducts();
  const metrics = useDashboardMetrics();
  const [stockIn, setStockIn] = useState<{ open: boolean; productId?: string }>({ open: false });
  const [ordersOpen, setOrdersOpen] = useState(false);

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
          />
          <LowStockAlerts onRestock={(productId) => setStockIn({ open: true, productId })} />
        </div>
      </div>
      <StockDialog
        type="in"
        open={stockIn.open}
        productId={stockIn.productId}
        onOpenChange={(open) => setStockIn((current) => ({ ...current, open }))}
        products={products.data ?? []}
      />
      <OnlineOrdersDialog
        open={ordersOpen}
        onOpenChange={setOrdersOpen}
        pendingCountHint={metrics.data?.pendingOnlineOrders}
      />
    </>
  );
}
