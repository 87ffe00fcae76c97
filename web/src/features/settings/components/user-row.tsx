import { useRef } from 'react';
import { KeyRound, Trash } from 'lucide-react';
import type { User } from '@shop/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useRefocusWhenIdle } from '@/components/ui/use-refocus-when-idle';
import { toast, toastError } from '@/components/toast/use-toast';
import { ROLE_LABELS } from '@/lib/session';
import { formatRelativeTime } from '@/utils/format';
import { useDeleteUser } from '../api/delete-user';
import { useUpdateUser } from '../api/update-user';

type UserRowProps = {
  user: User;
  isCurrentUser: boolean;
  onChangePassword: (user: User) => void;
  /** A delete from the focused Delete button started (the list then finds the focus a new home) or failed. */
  onFocusedDelete: (state: 'started' | 'failed') => void;
};

/** Spec section 6: assistants can be (de)activated and deleted; manager rows offer Change Password. */
export function UserRow({ user, isCurrentUser, onChangePassword, onFocusedDelete }: UserRowProps) {
  const updateUser = useUpdateUser();
  const deleteUser = useDeleteUser();
  const isAssistant = user.role === 'assistant';
  const busy = updateUser.isPending || deleteUser.isPending;
  const deleteButton = useRef<HTMLButtonElement>(null);
  const activeSwitch = useRef<HTMLButtonElement>(null);
  const { keepFocus } = useRefocusWhenIdle(busy);

  const onToggleActive = (isActive: boolean) => {
    keepFocus(activeSwitch.current);
    updateUser.mutate(
      { id: user.id, changes: { isActive } },
      {
        onSuccess: (updated) =>
          toast({
            title: 'User updated',
            description: `${updated.username} is now ${updated.isActive ? 'active' : 'inactive'}.`,
          }),
        onError: () => toastError('Failed to update user. Please try again.'),
      },
    );
  };

  const onDelete = (fromFocus: boolean) => {
    if (!window.confirm(`Are you sure you want to delete "${user.username}"? This action cannot be undone.`)) return;
    if (fromFocus) {
      onFocusedDelete('started');
      // Used only if the delete fails and the row stays.
      keepFocus(deleteButton.current);
    }
    deleteUser.mutate(user.id, {
      onSuccess: () => toast({ title: 'User deleted', description: `${user.username} was removed.` }),
      onError: () => {
        toastError('Failed to delete user. Please try again.');
        if (!fromFocus) return;
        onFocusedDelete('failed');
      },
    });
  };

  return (
    <li
      data-testid="user-row"
      data-username={user.username}
      data-role={user.role}
      data-active={String(user.isActive)}
      className="flex flex-wrap items-center gap-x-4 gap-y-3 py-3"
    >
      <div className="flex min-w-0 flex-1 basis-56 items-center gap-3">
        <span
          aria-hidden="true"
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-sm font-semibold text-slate-700 uppercase"
        >
          {user.username.charAt(0)}
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
            <span className="truncate" title={user.username}>
              {user.username}
            </span>
            {isCurrentUser && <span className="text-xs font-normal text-slate-500">(you)</span>}
          </p>
          <div className="mt-0.5 flex flex-wrap items-center gap-1.5">
            <Badge tone={isAssistant ? 'neutral' : 'brand'}>{ROLE_LABELS[user.role]}</Badge>
            <Badge tone={user.isActive ? 'success' : 'warning'} data-testid="user-status">
              {user.isActive ? 'Active' : 'Inactive'}
            </Badge>
            <span className="text-xs text-slate-500">
              {user.lastLoginAt ? `Last sign-in ${formatRelativeTime(user.lastLoginAt)}` : 'Never signed in'}
            </span>
          </div>
        </div>
      </div>

      <div className="flex items-center gap-2">
        {isAssistant ? (
          <>
            <label className="flex items-center gap-2 text-sm text-slate-600">
              <Switch
                ref={activeSwitch}
                data-testid="user-active-switch"
                aria-label={`Active: ${user.username}`}
                checked={user.isActive}
                disabled={busy}
                onCheckedChange={onToggleActive}
              />
              <span aria-hidden="true">{user.isActive ? 'Active' : 'Inactive'}</span>
            </label>
            <Button
              variant="ghost"
              size="icon"
              data-testid="delete-user"
              aria-label={`Delete ${user.username}`}
              disabled={busy}
              ref={deleteButton}
              data-row-control
              onClick={(event) => onDelete(event.currentTarget === document.activeElement)}
              className="text-red-600 hover:bg-red-50 hover:text-red-700"
            >
              {deleteUser.isPending ? <Spinner /> : <Trash className="h-4 w-4" aria-hidden="true" />}
            </Button>
          </>
        ) : (
          <Button
            variant="outline"
            size="sm"
            data-testid="change-password-button"
            data-row-control
            onClick={() => onChangePassword(user)}
          >
            <KeyRound className="h-4 w-4" aria-hidden="true" />
            Change Password
          </Button>
        )}
      </div>
    </li>
  );
}
