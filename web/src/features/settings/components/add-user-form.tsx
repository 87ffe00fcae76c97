import { useState, type FormEvent } from 'react';
import { UserPlus } from 'lucide-react';
import type { Role } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { FormInput, FormSelect } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useInvalidFieldFocus } from '@/components/ui/use-invalid-field-focus';
import { toast, toastError } from '@/components/toast/use-toast';
import { ApiError } from '@/lib/api-client';
import { ROLE_LABELS } from '@/lib/session';
import { useCreateUser } from '../api/create-user';

const roleOptions = (['manager', 'assistant'] as const).map((role) => ({ value: role, label: ROLE_LABELS[role] }));

const emptyForm = { username: '', password: '', role: 'assistant' as Role };

const MISSING = 'Please fill in all required fields';

/**
 * A field a refused submit found empty is marked invalid; the reason is the toast's (a live region),
 * not a second copy of the catalogue text under the form, which would put it on the page twice.
 */
const invalidProps = (invalid?: boolean) => (invalid ? { 'aria-invalid': true } : {});

export function AddUserForm() {
  const [values, setValues] = useState(emptyForm);
  // Why the server refused (e.g. a taken username), shown under the form; the toast keeps the catalogue text.
  const [serverError, setServerError] = useState<string | null>(null);
  // The required fields found empty by the last submit, until typed in.
  const [missing, setMissing] = useState<{ username?: boolean; password?: boolean }>({});
  const invalidFocus = useInvalidFieldFocus();
  const createUser = useCreateUser();
  const pending = createUser.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const username = values.username.trim();
    if (!username || !values.password) {
      setMissing({ username: !username, password: !values.password });
      invalidFocus.focusFirstInvalid();
      toastError(MISSING, 'Missing information');
      return;
    }
    setMissing({});
    setServerError(null);
    createUser.mutate(
      { username, password: values.password, role: values.role },
      {
        onSuccess: (user) => {
          toast({
            title: 'User created',
            description: `${user.username} was added as ${ROLE_LABELS[user.role]}.`,
          });
          setValues(emptyForm);
        },
        onError: (error) => {
          setServerError(error instanceof ApiError && error.status < 500 ? error.serverMessage : null);
          toastError('Failed to create user. Please try again.');
        },
        onSettled: () => createUser.reset(),
      },
    );
  };

  const set = (key: keyof typeof emptyForm) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setMissing((current) => (current[key as 'username' | 'password'] ? { ...current, [key]: false } : current));
    setServerError(null);
  };

  return (
    <form ref={invalidFocus.ref} onSubmit={onSubmit} noValidate data-testid="add-user-form" className="space-y-4">
      <fieldset disabled={pending} className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <FormInput
          id="new-user-username"
          label="Username"
          autoComplete="off"
          placeholder="e.g. amaka"
          {...invalidProps(missing.username)}
          value={values.username}
          onChange={(event) => set('username')(event.target.value)}
        />
        <FormInput
          id="new-user-password"
          label="Password"
          type="password"
          autoComplete="new-password"
          placeholder="Initial password"
          {...invalidProps(missing.password)}
          value={values.password}
          onChange={(event) => set('password')(event.target.value)}
        />
        <FormSelect
          id="new-user-role"
          label="Role"
          value={values.role}
          onValueChange={set('role')}
          options={roleOptions}
          disabled={pending}
        />
      </fieldset>
      {serverError && (
        <p role="alert" data-testid="add-user-error" className="text-sm text-red-600">
          {serverError}
        </p>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={pending} data-testid="add-user-submit" className="w-full sm:w-auto">
          {pending ? <Spinner /> : <UserPlus className="h-4 w-4" aria-hidden="true" />}
          {pending ? 'Adding...' : 'Add User'}
        </Button>
      </div>
    </form>
  );
}
