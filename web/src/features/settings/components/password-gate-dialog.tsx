import { useState, type FormEvent } from 'react';
import { LockKeyhole } from 'lucide-react';
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
import { toastError } from '@/components/toast/use-toast';
import { ApiError } from '@/lib/api-client';
import { useVerifyPassword } from '../api/verify-password';

type PasswordGateDialogProps = {
  open: boolean;
  /** What the manager is about to change, e.g. "Phone". */
  fieldLabel: string;
  onCancel: () => void;
  onVerified: (password: string) => void;
};

/** The manager's own password, checked by the server before the contact edit dialog opens. */
export function PasswordGateDialog({ open, fieldLabel, onCancel, onVerified }: PasswordGateDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent data-testid="password-gate-dialog" focusFirstField>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <LockKeyhole className="h-5 w-5 text-rose-600" aria-hidden="true" />
            Manager Password Required
          </DialogTitle>
          <DialogDescription>
            Enter your own password to edit the shop&apos;s {fieldLabel.toLowerCase()}.
          </DialogDescription>
        </DialogHeader>
        <GateForm onCancel={onCancel} onVerified={onVerified} />
      </DialogContent>
    </Dialog>
  );
}

function GateForm({ onCancel, onVerified }: Pick<PasswordGateDialogProps, 'onCancel' | 'onVerified'>) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string>();
  const verify = useVerifyPassword();
  const invalidFocus = useInvalidFieldFocus();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!password) {
      setError('Password Required');
      invalidFocus.focusFirstInvalid();
      toastError('Please enter your password to continue.', 'Password Required');
      return;
    }
    verify.mutate(password, {
      onSuccess: () => onVerified(password),
      onError: (failure) => {
        if (failure instanceof ApiError && failure.status === 403) {
          setError('Invalid Password');
          invalidFocus.focusFirstInvalid();
          toastError('The password you entered is incorrect.', 'Invalid Password');
        } else {
          toastError('Could not check the password. Please try again.');
        }
      },
      onSettled: () => verify.reset(),
    });
  };

  return (
    <form ref={invalidFocus.ref} onSubmit={onSubmit} noValidate>
      <FormInput
        id="gate-password"
        label="Your Password"
        error={error}
        type="password"
        autoComplete="current-password"
        placeholder="Enter your password"
        value={password}
        disabled={verify.isPending}
        onChange={(event) => {
          setPassword(event.target.value);
          setError(undefined);
        }}
      />
      <DialogFooter>
        <Button variant="outline" onClick={onCancel} disabled={verify.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={verify.isPending} data-testid="password-gate-submit">
          {verify.isPending && <Spinner />}
          Verify
        </Button>
      </DialogFooter>
    </form>
  );
}
