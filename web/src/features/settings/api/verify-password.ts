import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

/**
 * POST /api/contact-info/verify-password: the gate before the contact edit dialog. The server checks
 * the signed-in manager's own password (204, or 403 'Invalid Password'); nothing is checked here.
 */
export const verifyPassword = (password: string): Promise<void> =>
  apiFetch<void>(`${keyToPath(queryKeys.contactInfo)}/verify-password`, { method: 'POST', body: { password } });

// The variables are the password: drop the finished mutation at once rather than caching it.
export const useVerifyPassword = () => useMutation({ mutationFn: verifyPassword, gcTime: 0 });
