import { useMutation } from '@tanstack/react-query';
import type { LoginInput, SessionUser } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { parseSessionUser } from '@/lib/session-user';
import { useSession } from '@/lib/session';
import { sendPendingSignOut } from '@/lib/sign-out';

export async function login(input: LoginInput): Promise<SessionUser> {
  // A sign-out made offline goes first: sent after, it would end the session this sign-in opens.
  await sendPendingSignOut();
  // A 401 here is "wrong credentials", not a lost session.
  const response = await apiFetch<unknown>('/api/login', { method: 'POST', body: input, notifyUnauthorized: false });
  // Keep only id, username and role: that is all the browser stores.
  return parseSessionUser(response);
}

export function useLogin({ onSuccess }: { onSuccess?: (user: SessionUser) => void } = {}) {
  const session = useSession();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      session.login(user);
      onSuccess?.(user);
    },
  });
}
