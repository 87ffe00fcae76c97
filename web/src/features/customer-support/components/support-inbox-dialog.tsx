import type { SupportRequest } from '@shop/contracts';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { RequestList, type RequestsLoad } from './request-list';

type SupportInboxDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  requests: readonly SupportRequest[];
  load: RequestsLoad;
  onReply: (request: SupportRequest) => void;
};

export function SupportInboxDialog({ open, onOpenChange, requests, load, onReply }: SupportInboxDialogProps) {
  const pending = requests.filter((request) => request.status === 'pending').length;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="support-inbox-dialog" className="max-w-3xl bg-slate-50">
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            Support Inbox
            <Badge tone="brand">{requests.length} total</Badge>
            {pending > 0 && <Badge tone="warning">{pending} pending</Badge>}
          </DialogTitle>
          <DialogDescription>Every customer request, newest first.</DialogDescription>
        </DialogHeader>
        <RequestList requests={requests} load={load} onReply={onReply} showReplies />
      </DialogContent>
    </Dialog>
  );
}
