import type { SupportStatus } from '@shop/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { STATUS_LABELS } from '../utils/support-text';

const tones: Record<SupportStatus, BadgeTone> = { pending: 'warning', in_progress: 'info', resolved: 'success' };

export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  return (
    <Badge tone={tones[status]} data-testid="support-status">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
