import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserInput, User } from '@shop/contracts';
import { ApiError, apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

type UpdateUserVariables = { id: string; changes: UpdateUserInput };

/** PUT /api/users/{id}: only `isActive` may change, and only for assistants (the server refuses managers). */
export const updateUser = ({ id, changes }: UpdateUserVariables): Promise<User> =>
  apiFetch<User>(`${keyToPath(queryKeys.users)}/${encodeURIComponent(id)}`, { method: 'PUT', body: changes });

export function useUpdateUser() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.users });
  return useMutation({
    mutationFn: updateUser,
    onSuccess: refresh,
    // A refusal (the user deleted on another screen, say) means the list is stale: fetch it again.
    onError: (error) => (error instanceof ApiError ? refresh() : undefined),
  });
}
