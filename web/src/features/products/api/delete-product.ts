import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch, refreshOnServerRefusal } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

export const deleteProduct = (id: string): Promise<void> =>
  apiFetch<void>(`${keyToPath(queryKeys.products)}/${encodeURIComponent(id)}`, { method: 'DELETE' });

/**
 * Spec section 7: refreshes products and metrics; after a server refusal too, since the usual one
 * (the product was deleted elsewhere) means the list on screen is out of date.
 */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.products }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboardMetrics }),
    ]);
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: refresh,
    onError: refreshOnServerRefusal(refresh),
  });
}
