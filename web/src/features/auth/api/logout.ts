import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export const logout = (): Promise<void> => apiFetch<void>('/api/logout', { method: 'POST', notifyUnauthorized: false });

/** Signing out always ends the local session, even if the server call fails. */
export function useLogout() {
  const session = useSession();
  return useMutation({ mutationFn: logout, onSettled: () => session.logout() });
}
