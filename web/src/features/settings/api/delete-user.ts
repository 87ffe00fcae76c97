import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, refreshOnServerRefusal } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

/** DELETE /api/users/{id} (assistants only; the server refuses managers). */
export const deleteUser = (id: string): Promise<void> =>
  apiFetch<void>(`${keyToPath(queryKeys.users)}/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.users });
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: refresh,
    onError: refreshOnServerRefusal(refresh),
  });
}
