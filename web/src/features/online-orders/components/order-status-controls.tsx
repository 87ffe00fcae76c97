import { useEffect, useRef } from 'react';
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
  const group = useRef<HTMLDivElement>(null);
  // The pressed button is disabled while the move is sent and may then be gone (other moves are
  // offered): without this the focus falls to the dialog and Tab starts again at the first order.
  const refocus = useRef(false);
  useEffect(() => {
    if (update.isPending || !refocus.current) return;
    refocus.current = false;
    const element = group.current;
    if (element && !element.contains(document.activeElement)) element.querySelector('button')?.focus();
  }, [update.isPending, order.status]);

  const move = (status: OnlineOrderStatus) => {
    refocus.current = group.current?.contains(document.activeElement) ?? false;
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
  };

  return (
    <div
      ref={group}
      className="flex flex-wrap gap-2"
      role="group"
      aria-label={`Change status of order ${order.orderNumber}`}
    >
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
