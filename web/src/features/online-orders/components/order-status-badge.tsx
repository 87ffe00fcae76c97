import type { OnlineOrderStatus } from '@shop/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { ORDER_STATUS_LABELS } from '../utils/order-display';

const tones: Record<OnlineOrderStatus, BadgeTone> = { pending: 'warning', processing: 'info', served: 'success' };

export function OrderStatusBadge({ status }: { status: OnlineOrderStatus }) {
  return (
    <Badge tone={tones[status]} data-testid="order-status-badge">
      {ORDER_STATUS_LABELS[status]}
    </Badge>
  );
}
