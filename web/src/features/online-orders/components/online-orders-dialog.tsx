import { Inbox } from 'lucide-react';
import { LoadFailed } from '@/components/feedback/load-failed';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/feedback/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { useOnlineOrders } from '../api/get-online-orders';
import { oldestFirst } from '../utils/order-display';
import { OnlineOrderCard } from './online-order-card';

type OnlineOrdersDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Shown in the header badge until the list has loaded (e.g. the dashboard's count). */
  pendingCountHint?: number;
};

export function OnlineOrdersDialog({ open, onOpenChange, pendingCountHint }: OnlineOrdersDialogProps) {
  const { data, isPending, isError, isFetching, refetch } = useOnlineOrders({ enabled: open });
  const orders = [...(data ?? [])].sort(oldestFirst);
  const pendingCount = data ? orders.filter((order) => order.status === 'pending').length : pendingCountHint;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="online-orders-dialog" className="max-w-3xl bg-slate-50">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            Online Orders
            <Badge tone="brand" data-testid="pending-orders-badge">
              {pendingCount ?? '—'} pending
            </Badge>
          </DialogTitle>
          <DialogDescription>Orders placed through the customer store, oldest first.</DialogDescription>
        </DialogHeader>
        {isPending && !isError ? (
          <div className="flex justify-center py-10 text-slate-500">
            <Spinner className="h-6 w-6" />
          </div>
        ) : isError ? (
          <LoadFailed
            message="Online orders could not be loaded."
            onRetry={() => void refetch()}
            retrying={isFetching}
            padding="py-10"
            testId="online-orders-load-failed"
          />
        ) : orders.length === 0 ? (
          <EmptyState icon={Inbox} testId="online-orders-empty">
            No orders found
          </EmptyState>
        ) : (
          <ul className="space-y-3" data-testid="online-orders-list">
            {orders.map((order) => (
              <OnlineOrderCard key={order.id} order={order} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
