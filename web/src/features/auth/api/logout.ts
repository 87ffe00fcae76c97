import { useSession } from '@/lib/session';

/**
 * Sign Out: the local session ends at once, even with no network; the server's sign-out
 * (POST /api/logout) is sent now, or when the connection returns, before any session is restored.
 */
export function useLogout(): () => void {
  return useSession().signOut;
}
