import { useEffect, useRef, useState } from 'react';
import { Users } from 'lucide-react';
import type { User } from '@shop/contracts';
import { LoadFailed } from '@/components/feedback/load-failed';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/feedback/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { byRoleThenName } from '../utils/user-stats';
import { AddUserForm } from './add-user-form';
import { ChangePasswordDialog } from './change-password-dialog';
import { UserRow } from './user-row';

type UserManagementCardProps = {
  users: readonly User[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Asks the failed call again (the Try again button). */
  onRetry: () => void;
  retrying: boolean;
  currentUserId: string;
};

export function UserManagementCard({
  users,
  isLoading,
  isError,
  onRetry,
  retrying,
  currentUserId,
}: UserManagementCardProps) {
  const [passwordFor, setPasswordFor] = useState<User | null>(null);
  const sorted = [...(users ?? [])].sort(byRoleThenName);
  const list = useRef<HTMLUListElement>(null);
  const card = useRef<HTMLDivElement>(null);
  // A delete from the keyboard: its button is disabled while it runs and then goes with the row, so
  // the focus would fall to <body>. Once the row is gone, it moves to the row that took its place,
  // else the one above, else the add-user form.
  const refocus = useRef<{ id: string; index: number } | null>(null);
  useEffect(() => {
    const pending = refocus.current;
    if (!pending || !users || users.some((user) => user.id === pending.id)) return;
    refocus.current = null;
    const rows = list.current?.querySelectorAll<HTMLElement>('[data-testid="user-row"]') ?? [];
    const target = rows[Math.min(pending.index, rows.length - 1)]?.querySelector<HTMLElement>('[data-row-control]');
    (target ?? card.current?.querySelector<HTMLElement>('#new-user-username'))?.focus();
  }, [users]);

  return (
    <Card data-testid="user-management" ref={card}>
      <CardHeader>
        <div>
          <CardTitle>User Management</CardTitle>
          <CardDescription>Add staff, switch assistants on or off, and change manager passwords</CardDescription>
        </div>
      </CardHeader>
      <CardBody className="space-y-5">
        <AddUserForm />
        <div className="border-t border-slate-100 pt-2">
          {isLoading ? (
            <div className="flex justify-center py-8 text-slate-500">
              <Spinner className="h-6 w-6" />
            </div>
          ) : isError ? (
            <LoadFailed
              message="Users could not be loaded."
              onRetry={onRetry}
              retrying={retrying}
              padding="py-8"
              testId="users-load-failed"
            />
          ) : sorted.length === 0 ? (
            <EmptyState icon={Users}>No users yet</EmptyState>
          ) : (
            <ul ref={list} className="divide-y divide-slate-100" data-testid="user-list">
              {sorted.map((user, index) => (
                <UserRow
                  key={user.id}
                  user={user}
                  isCurrentUser={user.id === currentUserId}
                  onChangePassword={setPasswordFor}
                  onFocusedDelete={(state) => (refocus.current = state === 'started' ? { id: user.id, index } : null)}
                />
              ))}
            </ul>
          )}
        </div>
      </CardBody>
      <ChangePasswordDialog
        user={passwordFor}
        isCurrentUser={passwordFor?.id === currentUserId}
        onClose={() => setPasswordFor(null)}
      />
    </Card>
  );
}
