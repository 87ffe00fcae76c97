import { CircleCheck, PackagePlus } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { DASHBOARD_LIMITS } from '@shop/contracts';
import { LoadFailed } from '@/components/feedback/load-failed';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/feedback/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { inventoryLowStockPath } from '@/config/paths';
import { usePageAccess } from '@/lib/page-permissions';
import { cn } from '@/utils/cn';
import { useDashboardMetrics } from '../api/get-dashboard-metrics';

/** `onRestock` opens the stock-in dialog for that product, when the page offers one. */
export function LowStockAlerts({ onRestock }: { onRestock?: (productId: string) => void }) {
  const navigate = useNavigate();
  const { canAccess } = usePageAccess();
  const { data: metrics, isPending, isError, isFetching, refetch } = useDashboardMetrics();
  const lowStock = metrics?.lowStockProducts ?? [];
  const shown = lowStock.slice(0, DASHBOARD_LIMITS.lowStockAlerts);
  // The count is authoritative even if the server ever sends a shortened list.
  const total = Math.max(metrics?.lowStockItems ?? 0, lowStock.length);

  return (
    <Card data-testid="low-stock-alerts">
      <CardHeader>
        <div>
          <CardTitle>Low Stock Alerts</CardTitle>
          <CardDescription>Products at or below their minimum level</CardDescription>
        </div>
      </CardHeader>
      <CardBody className="py-2">
        {isPending && !isError ? (
          <div className="flex justify-center py-10 text-slate-500">
            <Spinner className="h-6 w-6" />
          </div>
        ) : isError ? (
          <LoadFailed
            message="Stock alerts could not be loaded."
            onRetry={() => void refetch()}
            retrying={isFetching}
            padding="py-10"
            testId="low-stock-load-failed"
          />
        ) : shown.length === 0 ? (
          <EmptyState icon={CircleCheck}>All products are well stocked!</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {shown.map((product) => {
              const isOut = product.currentStock <= 0;
              return (
                <li
                  key={product.id}
                  data-testid="low-stock-alert"
                  data-sku={product.sku}
                  data-tone={isOut ? 'danger' : 'warning'}
                  className="flex items-center gap-3 py-3"
                >
                  <span
                    className={cn('h-2.5 w-2.5 shrink-0 rounded-full', isOut ? 'bg-red-500' : 'bg-amber-500')}
                    aria-hidden="true"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900" title={product.name}>
                      {product.name}
                    </p>
                    <p className="text-xs wrap-anywhere text-slate-500">
                      SKU {product.sku} · Min {product.minStockLevel}
                    </p>
                    {product.currentStock < 0 && (
                      // Only sales taken offline go below zero: a stocktake or a stock in resolves it.
                      <p className="text-xs font-semibold text-red-700" data-testid="oversold-flag">
                        Oversold while offline: count it or stock it in
                      </p>
                    )}
                  </div>
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
                      isOut ? 'bg-red-50 text-red-700 ring-red-200' : 'bg-amber-50 text-amber-800 ring-amber-200',
                    )}
                  >
                    {product.currentStock} left
                  </span>
                  {onRestock && (
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Stock in ${product.name}`}
                      onClick={() => onRestock(product.id)}
                    >
                      <PackagePlus className="h-4 w-4" aria-hidden="true" />
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {total > DASHBOARD_LIMITS.lowStockAlerts && canAccess('inventory') && (
          <Button
            variant="outline"
            size="sm"
            className="mt-2 mb-2 w-full"
            onClick={() => navigate(inventoryLowStockPath)}
            data-testid="low-stock-view-all"
          >
            View All {total} Low Stock Items
          </Button>
        )}
      </CardBody>
    </Card>
  );
}
