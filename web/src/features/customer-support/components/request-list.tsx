import { Inbox } from 'lucide-react';
import type { SupportRequest } from '@shop/contracts';
import { EmptyState } from '@/components/feedback/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { SupportRequestCard } from './support-request-card';

type RequestListProps = {
  requests: readonly SupportRequest[];
  isLoading: boolean;
  isError: boolean;
  onReply: (request: SupportRequest) => void;
  showReplies?: boolean;
};

export function RequestList({ requests, isLoading, isError, onReply, showReplies }: RequestListProps) {
  if (isLoading) {
    return (
      <div className="flex justify-center py-10 text-slate-500">
        <Spinner className="h-6 w-6" />
      </div>
    );
  }
  if (isError) return <p className="py-10 text-center text-sm text-slate-500">Support requests could not be loaded.</p>;
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
