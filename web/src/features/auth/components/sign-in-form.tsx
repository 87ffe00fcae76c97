import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { LoginInput } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { FormInput } from '@/components/ui/form-field';
import { Spinner } from '@/components/ui/spinner';
import { useInvalidFieldFocus } from '@/components/ui/use-invalid-field-focus';
import { toast, toastError } from '@/components/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { loadAuthSchemas } from '@/lib/load-auth-schemas';
import { paths } from '@/config/paths';
import { useLogin } from '../api/login';

type Errors = Partial<Record<keyof LoginInput, string>>;

export function SignInForm() {
  const navigate = useNavigate();
  const [values, setValues] = useState<LoginInput>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const invalidFocus = useInvalidFieldFocus();
  const passwordInput = useRef<HTMLInputElement>(null);
  const loginMutation = useLogin({
    onSuccess: (user) => {
      toast({ title: 'Login Successful', description: `Welcome back, ${user.username}!` });
      navigate(paths.dashboard);
    },
  });
  const pending = loginMutation.isPending;
  const failed = loginMutation.isError;
  // The fields are disabled while the server answers, which drops the focus to <body>: after a
  // refusal it goes back to the password, selected for retyping, once they are enabled again.
  useEffect(() => {
    if (!failed || document.activeElement !== document.body) return;
    passwordInput.current?.focus();
    passwordInput.current?.select();
  }, [failed]);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The gateway's own rules and messages (contracts), fetched on first focus or here.
    const { loginInput } = await loadAuthSchemas();
    const parsed = loginInput.safeParse(values);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof LoginInput;
        next[key] ??= issue.message;
      }
      setErrors(next);
      invalidFocus.focusFirstInvalid();
      return;
    }
    setErrors({});
    loginMutation.mutate(parsed.data, {
      onError: (error) => toastError(errorMessage(error, 'Invalid username or password'), 'Login Failed'),
    });
  };

  const update = (key: keyof LoginInput) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (errors[key]) setErrors((current) => ({ ...current, [key]: undefined }));
  };

  return (
    <form
      ref={invalidFocus.ref}
      onSubmit={(event) => void onSubmit(event)}
      onFocus={() => void loadAuthSchemas()}
      noValidate
      className="space-y-4"
      data-testid="sign-in-form"
    >
      <FormInput
        id="username"
        label="Username"
        error={errors.username}
        name="username"
        autoComplete="username"
        placeholder="Enter your username"
        value={values.username}
        onChange={(event) => update('username')(event.target.value)}
        disabled={pending}
      />
      <FormInput
        id="password"
        label="Password"
        error={errors.password}
        name="password"
        ref={passwordInput}
        type="password"
        autoComplete="current-password"
        placeholder="Enter your password"
        value={values.password}
        onChange={(event) => update('password')(event.target.value)}
        disabled={pending}
      />
      <Button type="submit" className="w-full" disabled={pending} data-testid="sign-in-submit">
        {pending ? (
          <>
            <Spinner />
            Signing in...
          </>
        ) : (
          'Sign In'
        )}
      </Button>
    </form>
  );
}
