import { ONLINE_ORDER_TRANSITIONS, type OnlineOrder, type OnlineOrderStatus } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/toast/use-toast';
import { ApiError } from '@/lib/api-client';
import { useUpdateOnlineOrderStatus } from '../api/update-online-order-status';
import { ORDER_MOVE_LABELS } from '../utils/order-display';

const FAILED = 'Failed to update order status';

/** Only the moves spec section 4 allows from the order's status; the server checks them again. */
export function OrderStatusControls({ order }: { order: OnlineOrder }) {
  const update = useUpdateOnlineOrderStatus();
  const target = update.isPending ? update.variables?.status : undefined;

  const move = (status: OnlineOrderStatus) =>
    update.mutate(
      { id: order.id, status },
      {
        onSuccess: () => toast({ title: 'Order Updated', description: `Order marked as ${status}` }),
        onError: (error) => {
          // A 409 says why (too little stock to serve, a move someone else already made): show it too.
          if (error instanceof ApiError && error.status === 409 && error.serverMessage) {
            toastError(`${FAILED}: ${error.serverMessage}`, error.serverTitle ?? 'Error');
          } else {
            toastError(FAILED);
          }
        },
      },
    );

  return (
    <div className="flex flex-wrap gap-2" role="group" aria-label={`Change status of order ${order.orderNumber}`}>
      {ONLINE_ORDER_TRANSITIONS[order.status].map((status) => (
        <Button
          key={status}
          size="sm"
          variant={status === 'served' ? 'primary' : 'outline'}
          data-testid="order-status-action"
          data-status={status}
          disabled={update.isPending}
          onClick={() => move(status)}
        >
          {target === status && <Spinner />}
          {ORDER_MOVE_LABELS[status]}
        </Button>
      ))}
    </div>
  );
}
