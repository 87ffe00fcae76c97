import { useRef } from 'react';
import { CircleCheck, MessageSquareReply, Play, RotateCcw, type LucideIcon } from 'lucide-react';
import type { SupportRequest, SupportStatus } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useRefocusWhenIdle } from '@/components/ui/use-refocus-when-idle';
import { toast, toastError } from '@/components/toast/use-toast';
import { useChangeSupportStatus } from '../api/change-support-status';
import { STATUS_LABELS } from '../utils/support-text';

type StatusMove = {
  testId: string;
  /** The statuses this button shows on. */
  from: readonly SupportStatus[];
  to: SupportStatus;
  icon: LucideIcon;
  label: string;
};

const STATUS_MOVES: readonly StatusMove[] = [
  { testId: 'start-working', from: ['pending'], to: 'in_progress', icon: Play, label: 'Start Working' },
  { testId: 'resolve-request', from: ['pending', 'in_progress'], to: 'resolved', icon: CircleCheck, label: 'Resolve' },
  { testId: 'reopen-request', from: ['resolved'], to: 'in_progress', icon: RotateCcw, label: 'Reopen' },
];

type RequestActionsProps = { request: SupportRequest; onReply: (request: SupportRequest) => void };

/**
 * Spec section 4: pending → in_progress (Start Working) or resolved; in_progress → resolved;
 * resolved → in_progress (reopen). Reply while not resolved.
 */
export function RequestActions({ request, onReply }: RequestActionsProps) {
  const changeStatus = useChangeSupportStatus();
  const pendingTarget = changeStatus.isPending ? changeStatus.variables?.status : undefined;
  const actions = useRef<HTMLDivElement>(null);
  // The pressed button is disabled while the status changes, and may then go (Start Working after it):
  // the focus goes back to it, else to the request's first action.
  const { keepFocus } = useRefocusWhenIdle(changeStatus.isPending);

  const move = (pressed: HTMLElement, status: SupportStatus) => {
    keepFocus(pressed, () => actions.current?.querySelector('button'));
    changeStatus.mutate(
      { id: request.id, status },
      {
        onSuccess: () =>
          toast({ title: 'Status Updated', description: `Request #${request.id} is now ${STATUS_LABELS[status]}.` }),
        onError: () => toastError('Failed to update status. Please try again.'),
      },
    );
  };

  const busy = changeStatus.isPending;

  return (
    <div ref={actions} className="flex flex-wrap gap-2">
      {STATUS_MOVES.filter(({ from }) => from.includes(request.status)).map(({ testId, to, icon: Icon, label }) => (
        <Button
          key={testId}
          size="sm"
          variant="outline"
          data-testid={testId}
          disabled={busy}
          onClick={(event) => move(event.currentTarget, to)}
        >
          {pendingTarget === to ? <Spinner /> : <Icon className="h-4 w-4" aria-hidden="true" />}
          {label}
        </Button>
      ))}
      {request.status !== 'resolved' && (
        <Button size="sm" data-testid="reply-button" disabled={busy} onClick={() => onReply(request)}>
          <MessageSquareReply className="h-4 w-4" aria-hidden="true" />
          Reply
        </Button>
      )}
    </div>
  );
}
