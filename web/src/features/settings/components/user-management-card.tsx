import { useState } from 'react';
import { Users } from 'lucide-react';
import type { User } from '@shop/contracts';
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
  currentUserId: string;
};

export function UserManagementCard({ users, isLoading, isError, currentUserId }: UserManagementCardProps) {
  const [passwordFor, setPasswordFor] = useState<User | null>(null);
  const sorted = [...(users ?? [])].sort(byRoleThenName);

  return (
    <Card data-testid="user-management">
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
            <p className="py-8 text-center text-sm text-slate-500">Users could not be loaded.</p>
          ) : sorted.length === 0 ? (
            <EmptyState icon={Users}>No users yet</EmptyState>
          ) : (
            <ul className="divide-y divide-slate-100" data-testid="user-list">
              {sorted.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  isCurrentUser={user.id === currentUserId}
                  onChangePassword={setPasswordFor}
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
