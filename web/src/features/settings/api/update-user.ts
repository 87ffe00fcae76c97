import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserInput, User } from '@shop/contracts';
import { apiFetch, refreshOnServerRefusal } from '@/lib/api-client';
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
    onError: refreshOnServerRefusal(refresh),
  });
}
