import { CircleCheck, MessageSquareReply, Play, RotateCcw } from 'lucide-react';
import type { SupportRequest, SupportStatus } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast, toastError } from '@/components/toast/use-toast';
import { useChangeSupportStatus } from '../api/change-support-status';
import { STATUS_LABELS } from '../utils/support-text';

type RequestActionsProps = { request: SupportRequest; onReply: (request: SupportRequest) => void };

/**
 * Spec section 4: pending → in_progress (Start Working) or resolved; in_progress → resolved;
 * resolved → in_progress (reopen). Reply while not resolved.
 */
export function RequestActions({ request, onReply }: RequestActionsProps) {
  const changeStatus = useChangeSupportStatus();
  const pendingTarget = changeStatus.isPending ? changeStatus.variables?.status : undefined;

  const move = (status: SupportStatus) =>
    changeStatus.mutate(
      { id: request.id, status },
      {
        onSuccess: () =>
          toast({ title: 'Status Updated', description: `Request #${request.id} is now ${STATUS_LABELS[status]}.` }),
        onError: () => toastError('Failed to update status. Please try again.'),
      },
    );

  const icon = (status: SupportStatus, Icon: typeof Play) =>
    pendingTarget === status ? <Spinner /> : <Icon className="h-4 w-4" aria-hidden="true" />;
  const busy = changeStatus.isPending;

  return (
    <div className="flex flex-wrap gap-2">
      {request.status === 'pending' && (
        <Button
          size="sm"
          variant="outline"
          data-testid="start-working"
          disabled={busy}
          onClick={() => move('in_progress')}
        >
          {icon('in_progress', Play)}
          Start Working
        </Button>
      )}
      {request.status !== 'resolved' && (
        <Button
          size="sm"
          variant="outline"
          data-testid="resolve-request"
          disabled={busy}
          onClick={() => move('resolved')}
        >
          {icon('resolved', CircleCheck)}
          Resolve
        </Button>
      )}
      {request.status === 'resolved' && (
        <Button
          size="sm"
          variant="outline"
          data-testid="reopen-request"
          disabled={busy}
          onClick={() => move('in_progress')}
        >
          {icon('in_progress', RotateCcw)}
          Reopen
        </Button>
      )}
      {request.status !== 'resolved' && (
        <Button size="sm" data-testid="reply-button" disabled={busy} onClick={() => onReply(request)}>
          <MessageSquareReply className="h-4 w-4" aria-hidden="true" />
          Reply
        </Button>
      )}
    </div>
  );
}
