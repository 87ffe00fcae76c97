import { useState } from 'react';
import type { SupportRequest } from '@shop/contracts';
import { useSupportRequests } from '../api/get-support-requests';
import { newestFirst } from '../utils/support-text';
import { RecentRequests } from './recent-requests';
import type { RequestsLoad } from './request-list';
import { ReplyDialog } from './reply-dialog';
import { SupportInboxDialog } from './support-inbox-dialog';
import { SupportStats } from './support-stats';

export function SupportView() {
  const { data, isPending, isError, isFetching, refetch } = useSupportRequests();
  const [inboxOpen, setInboxOpen] = useState(false);
  const [replyToId, setReplyToId] = useState<number | null>(null);
  const requests = [...(data ?? [])].sort(newestFirst);
  // Looked up by id so the dialog follows the list as it refreshes.
  const replyTo = requests.find((request) => request.id === replyToId) ?? null;
  const load: RequestsLoad = {
    isLoading: isPending && !isError,
    isError,
    onRetry: () => void refetch(),
    retrying: isFetching,
  };
  const onReply = (request: SupportRequest) => setReplyToId(request.id);

  return (
    <div className="space-y-6">
      <SupportStats />
      <RecentRequests requests={requests} load={load} onReply={onReply} onOpenInbox={() => setInboxOpen(true)} />
      <SupportInboxDialog
        open={inboxOpen}
        onOpenChange={setInboxOpen}
        requests={requests}
        load={load}
        onReply={onReply}
      />
      <ReplyDialog request={replyTo} onClose={() => setReplyToId(null)} />
    </div>
  );
}
