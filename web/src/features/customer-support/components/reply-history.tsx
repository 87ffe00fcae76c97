import type { SupportReply } from '@shop/contracts';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/utils/cn';
import { formatRelativeTime } from '@/utils/format';
import { preview } from '../utils/support-text';

type ReplyHistoryProps = {
  replies: readonly SupportReply[];
  /** Cut each reply to this many characters (lists); whole replies otherwise. */
  previewLength?: number;
  className?: string;
};

/** Replies oldest first; one still waiting to be emailed carries an 'In outbox' badge. */
export function ReplyHistory({ replies, previewLength, className }: ReplyHistoryProps) {
  if (replies.length === 0) return null;
  return (
    <ol className={cn('space-y-2', className)} data-testid="reply-history" aria-label="Replies">
      {replies.map((reply) => (
        <li
          key={reply.id}
          data-testid="support-reply"
          data-delivery={reply.delivery}
          className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2"
        >
          <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
            <span className="font-medium text-slate-700">{reply.repliedBy}</span>
            <span>{formatRelativeTime(reply.at)}</span>
            {reply.delivery === 'outbox' ? (
              <Badge tone="warning" data-testid="reply-outbox-badge" title={reply.deliveryError ?? 'Not emailed yet'}>
                In outbox
              </Badge>
            ) : (
              <Badge tone="success">Sent</Badge>
            )}
          </div>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">
            {previewLength ? preview(reply.reply, previewLength) : reply.reply}
          </p>
          {reply.notes && (
            <p className="mt-1 text-xs text-slate-500">
              <span className="font-medium">Internal note:</span> {reply.notes}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
