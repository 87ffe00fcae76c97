import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

type ChangePasswordVariables = { userId: string } & ChangePasswordInput;

/** PUT /api/users/{id}/change-password: 204, or 403 'Current password is incorrect'. */
export const changePassword = ({ userId, currentPassword, newPassword }: ChangePasswordVariables): Promise<void> =>
  apiFetch<void>(`${keyToPath(queryKeys.users)}/${encodeURIComponent(userId)}/change-password`, {
    method: 'PUT',
    body: { currentPassword, newPassword },
  });

// The variables are passwords: drop the finished mutation at once rather than caching it.
export const useChangePassword = () => useMutation({ mutationFn: changePassword, gcTime: 0 });
