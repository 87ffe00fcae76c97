import { useState, type FormEvent } from 'react';
import { charCount, MIN_PASSWORD_LENGTH, type User } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormInput } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useInvalidFieldFocus } from '@/components/ui/use-invalid-field-focus';
import { toast, toastError } from '@/components/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';

type ChangePasswordDialogProps = {
  /** The manager whose password changes; null when closed. */
  user: User | null;
  isCurrentUser: boolean;
  onClose: () => void;
};

export function ChangePasswordDialog({ user, isCurrentUser, onClose }: ChangePasswordDialogProps) {
  return (
    <Dialog open={user !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent data-testid="change-password-dialog">
        <DialogHeader>
          <DialogTitle>Change Password</DialogTitle>
          <DialogDescription>
            {isCurrentUser
              ? 'Enter your current password, then the new one twice.'
              : `Enter ${user?.username ?? 'this manager'}'s current password, then the new one twice. Their other sessions will be signed out.`}
          </DialogDescription>
        </DialogHeader>
        {user && <ChangePasswordForm user={user} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

const empty = { currentPassword: '', newPassword: '', confirmPassword: '' };
type PasswordField = keyof typeof empty;

/** The fields a refused submit marks invalid; why is the toast's (a live region), said once on the page. */
type Refusal = { fields: readonly PasswordField[] };

function ChangePasswordForm({ user, onClose }: { user: User; onClose: () => void }) {
  const [values, setValues] = useState(empty);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const invalidFocus = useInvalidFieldFocus();
  const changePassword = useChangePassword();
  const pending = changePassword.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { currentPassword, newPassword, confirmPassword } = values;
    const refuse = (fields: readonly PasswordField[], title: string, description: string) => {
      setRefusal({ fields });
      invalidFocus.focusFirstInvalid();
      toastError(description, title);
    };
    if (!currentPassword || !newPassword || !confirmPassword) {
      const blank = (Object.keys(empty) as PasswordField[]).filter((key) => !values[key]);
      return refuse(blank, 'Missing information', 'Please fill in all password fields');
    }
    if (newPassword !== confirmPassword) {
      return refuse(
        ['confirmPassword'],
        "Passwords don't match",
        'The new password and its confirmation must be the same.',
      );
    }
    if (charCount(newPassword) < MIN_PASSWORD_LENGTH) {
      return refuse(['newPassword'], 'Password too weak', 'Password must be at least 8 characters long');
    }
    setRefusal(null);
    changePassword.mutate(
      { userId: user.id, currentPassword, newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Password changed', description: `The password for ${user.username} was updated.` });
          setValues(empty);
          onClose();
        },
        onError: (error) => toastError(errorMessage(error, 'Failed to change password. Please try again.')),
        onSettled: () => changePassword.reset(),
      },
    );
  };

  const input = (key: PasswordField, id: string, label: string, autoComplete: string) => (
    <FormInput
      id={id}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[key]}
      onChange={(event) => {
        setValues((current) => ({ ...current, [key]: event.target.value }));
        setRefusal((current) => {
          const fields = current?.fields.filter((field) => field !== key) ?? [];
          return current && fields.length > 0 ? { ...current, fields } : null;
        });
      }}
      {...(refusal?.fields.includes(key) ? { 'aria-invalid': true } : {})}
    />
  );

  return (
    <form ref={invalidFocus.ref} onSubmit={onSubmit} noValidate>
      <fieldset disabled={pending} className="space-y-4">
        {input('currentPassword', 'current-password', 'Current Password', 'current-password')}
        {input('newPassword', 'new-password', 'New Password', 'new-password')}
        {input('confirmPassword', 'confirm-password', 'Confirm Password', 'new-password')}
        <p className="text-xs text-slate-500">At least {MIN_PASSWORD_LENGTH} characters.</p>
      </fieldset>
      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending} data-testid="change-password-submit">
          {pending && <Spinner />}
          {pending ? 'Changing...' : 'Change Password'}
        </Button>
      </DialogFooter>
    </form>
  );
}
