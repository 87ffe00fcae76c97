import { Inbox } from 'lucide-react';
import { SUPPORT_DISPLAY, type SupportRequest } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RequestList, type RequestsLoad } from './request-list';

type RecentRequestsProps = {
  /** Newest first. */
  requests: readonly SupportRequest[];
  load: RequestsLoad;
  onReply: (request: SupportRequest) => void;
  onOpenInbox: () => void;
};

export function RecentRequests({ requests, load, onReply, onOpenInbox }: RecentRequestsProps) {
  return (
    <Card data-testid="support-recent">
      <CardHeader className="flex-wrap">
        <div>
          <CardTitle>Recent Requests</CardTitle>
          <CardDescription>The {SUPPORT_DISPLAY.recentRequests} newest customer requests</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={onOpenInbox} data-testid="open-support-inbox">
          <Inbox className="h-4 w-4" aria-hidden="true" />
          {/* No count until the requests are in: "(0)" would say there are none. */}
          {load.isLoading || load.isError ? 'Open Inbox' : `Open Inbox (${requests.length})`}
        </Button>
      </CardHeader>
      <CardBody>
        <RequestList requests={requests.slice(0, SUPPORT_DISPLAY.recentRequests)} load={load} onReply={onReply} />
      </CardBody>
    </Card>
  );
}
