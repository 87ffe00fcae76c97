import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

/** DELETE /api/users/{id} (assistants only; the server refuses managers). */
export const deleteUser = (id: string): Promise<void> =>
  apiFetch<void>(`${keyToPath(queryKeys.users)}/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users }),
  });
}
