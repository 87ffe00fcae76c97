import { UserX } from 'lucide-react';
import type { User } from '@shop/contracts';
import { Badge } from '@/components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { EmptyState } from '@/components/feedback/empty-state';
import { formatRelativeTime } from '@/utils/format';
import { activeAssistants } from '../utils/user-stats';

type ActiveAssistantsDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  users: readonly User[];
};

export function ActiveAssistantsDialog({ open, onOpenChange, users }: ActiveAssistantsDialogProps) {
  const assistants = activeAssistants(users).sort((a, b) => a.username.localeCompare(b.username));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="active-assistants-dialog">
        <DialogHeader>
          <DialogTitle>Active Assistants</DialogTitle>
          <DialogDescription>Sales assistants who can currently sign in.</DialogDescription>
        </DialogHeader>
        {assistants.length === 0 ? (
          <EmptyState icon={UserX}>No active assistants</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
            {assistants.map((assistant) => (
              <li
                key={assistant.id}
                data-testid="active-assistant"
                data-username={assistant.username}
                className="flex items-center gap-3 px-4 py-3"
              >
                <span
                  aria-hidden="true"
                  className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700 uppercase"
                >
                  {assistant.username.charAt(0)}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium text-slate-900" title={assistant.username}>
                    {assistant.username}
                  </p>
                  <p className="text-xs text-slate-500">
                    {assistant.lastLoginAt
                      ? `Last signed in ${formatRelativeTime(assistant.lastLoginAt)}`
                      : 'Has not signed in yet'}
                  </p>
                </div>
                <Badge tone="success">Active</Badge>
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
