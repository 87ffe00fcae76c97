import { Inbox } from 'lucide-react';
import type { SupportRequest } from '@shop/contracts';
import { LoadFailed } from '@/components/feedback/load-failed';
import { EmptyState } from '@/components/feedback/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { SupportRequestCard } from './support-request-card';

/** How the requests' one call stands, shared by every list of them on the page. */
export type RequestsLoad = {
  isLoading: boolean;
  isError: boolean;
  /** Asks the failed call again (the Try again button). */
  onRetry: () => void;
  retrying: boolean;
};

type RequestListProps = {
  requests: readonly SupportRequest[];
  load: RequestsLoad;
  onReply: (request: SupportRequest) => void;
  showReplies?: boolean;
};

export function RequestList({ requests, load, onReply, showReplies }: RequestListProps) {
  const { isLoading, isError, onRetry, retrying } = load;
  if (isLoading) {
    return (
      <div className="flex justify-center py-10 text-slate-500">
        <Spinner className="h-6 w-6" />
      </div>
    );
  }
  if (isError) {
    return (
      <LoadFailed
        message="Support requests could not be loaded."
        onRetry={onRetry}
        retrying={retrying}
        padding="py-10"
        testId="support-requests-load-failed"
      />
    );
  }
  if (requests.length === 0) {
    return (
      <EmptyState icon={Inbox} testId="support-empty">
        No support requests yet
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-3">
      {requests.map((request) => (
        <SupportRequestCard key={request.id} request={request} onReply={onReply} showReplies={showReplies} />
      ))}
    </ul>
  );
}
