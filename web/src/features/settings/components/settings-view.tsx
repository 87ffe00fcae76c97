import { useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import type { SessionUser } from '@shop/contracts';
import { Card } from '@/components/ui/card';
import { useUsers } from '../api/get-users';
import { ActiveAssistantsDialog } from './active-assistants-dialog';
import { ContactSettings } from './contact-settings';
import { PagePermissionsCard } from './page-permissions-card';
import { UserCounts } from './user-counts';
import { UserManagementCard } from './user-management-card';

/** Managers get every control; anyone else given the page sees the contact details only. */
export function SettingsView({ user }: { user: SessionUser }) {
  if (user.role !== 'manager') {
    return (
      <div className="space-y-6" data-testid="settings-view" data-role={user.role}>
        <Card className="flex items-start gap-3 p-4 text-sm text-slate-600" data-testid="settings-manager-only">
          <ShieldAlert className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden="true" />
          <p>Only a manager can manage users, page access and the shop&apos;s contact details.</p>
        </Card>
        <ContactSettings canEdit={false} />
      </div>
    );
  }
  return <ManagerSettings currentUserId={user.id} />;
}

function ManagerSettings({ currentUserId }: { currentUserId: string }) {
  const users = useUsers();
  const [assistantsOpen, setAssistantsOpen] = useState(false);
  const isLoading = users.isPending && !users.isError;

  return (
    <div className="space-y-6" data-testid="settings-view" data-role="manager">
      <UserCounts users={users.data} isLoading={isLoading} onShowActiveAssistants={() => setAssistantsOpen(true)} />
      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-5">
        <div className="lg:col-span-3">
          <UserManagementCard
            users={users.data}
            isLoading={isLoading}
            isError={users.isError}
            onRetry={() => void users.refetch()}
            retrying={users.isFetching}
            currentUserId={currentUserId}
          />
        </div>
        <div className="space-y-6 lg:col-span-2">
          <ContactSettings canEdit />
          <PagePermissionsCard />
        </div>
      </div>
      <ActiveAssistantsDialog open={assistantsOpen} onOpenChange={setAssistantsOpen} users={users.data ?? []} />
    </div>
  );
}
