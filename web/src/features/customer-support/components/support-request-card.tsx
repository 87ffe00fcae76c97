import { Mail, Phone } from 'lucide-react';
import { SUPPORT_DISPLAY, type SupportRequest } from '@shop/contracts';
import { Badge } from '@/components/ui/badge';
import { formatDateTime, formatRelativeTime } from '@/utils/format';
import { preview } from '../utils/support-text';
import { ReplyHistory } from './reply-history';
import { RequestActions } from './request-actions';
import { SupportStatusBadge } from './support-status-badge';

type SupportRequestCardProps = {
  request: SupportRequest;
  onReply: (request: SupportRequest) => void;
  /** The inbox lists the replies under each request; the recent list only counts them. */
  showReplies?: boolean;
};

export function SupportRequestCard({ request, onReply, showReplies = false }: SupportRequestCardProps) {
  const replyCount = request.replies.length;
  return (
    <li
      data-testid="support-request"
      data-id={request.id}
      data-status={request.status}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-semibold break-words text-slate-900">{request.fullName}</span>
            <span className="text-xs text-slate-500">#{request.id}</span>
          </p>
          <p className="mt-0.5 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-slate-500">
            <span className="inline-flex min-w-0 items-center gap-1 break-all">
              <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
              {request.email}
            </span>
            {request.phoneNumber && (
              <span className="inline-flex items-center gap-1">
                <Phone className="h-3.5 w-3.5" aria-hidden="true" />
                {request.phoneNumber}
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <SupportStatusBadge status={request.status} />
          <time
            dateTime={request.createdAt}
            title={formatDateTime(request.createdAt)}
            className="text-xs text-slate-500"
          >
            {formatRelativeTime(request.createdAt)}
          </time>
        </div>
      </div>

      <div>
        {request.subject && <p className="text-sm font-medium break-words text-slate-800">{request.subject}</p>}
        <p data-testid="complaint-preview" className="text-sm break-words text-slate-600">
          {preview(request.complaint, SUPPORT_DISPLAY.listPreview)}
        </p>
      </div>

      {request.notes && (
        <p className="rounded-md bg-amber-50 px-2 py-1 text-xs text-amber-900">
          <span className="font-medium">Internal note:</span> {request.notes}
        </p>
      )}

      {replyCount > 0 && !showReplies && (
        <p className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
          {replyCount} {replyCount === 1 ? 'reply' : 'replies'}
          {request.outboxCount > 0 && (
            <Badge tone="warning" data-testid="reply-outbox-badge">
              In outbox
            </Badge>
          )}
        </p>
      )}
      {showReplies && <ReplyHistory replies={request.replies} previewLength={160} />}

      <RequestActions request={request} onReply={onReply} />
    </li>
  );
}
