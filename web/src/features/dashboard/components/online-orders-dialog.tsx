import { Inbox } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/feedback/empty-state';

type OnlineOrdersDialogProps = { open: boolean; onOpenChange: (open: boolean) => void; pendingCount: number };

/** Placeholder until the online-orders feature lands: same title and header badge, no list yet. */
export function OnlineOrdersDialog({ open, onOpenChange, pendingCount }: OnlineOrdersDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="online-orders-dialog" className="max-w-2xl">
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            Online Orders
            <Badge tone="brand" data-testid="pending-orders-badge">
              {pendingCount} pending
            </Badge>
          </DialogTitle>
          <DialogDescription>Orders placed through the customer store, oldest first.</DialogDescription>
        </DialogHeader>
        <EmptyState icon={Inbox}>No orders found</EmptyState>
      </DialogContent>
    </Dialog>
  );
}
