import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

export const deleteProduct = (id: string): Promise<void> =>
  apiFetch<void>(`${keyToPath(queryKeys.products)}/${encodeURIComponent(id)}`, { method: 'DELETE' });

/** Spec section 7: refreshes products and metrics. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboardMetrics }),
      ]),
  });
}
