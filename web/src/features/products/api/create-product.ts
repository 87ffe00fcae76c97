import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateProductCommandInput, Product } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

export const createProduct = (input: CreateProductCommandInput): Promise<Product> =>
  apiFetch<Product>(keyToPath(queryKeys.products), { method: 'POST', body: input });

/** Spec section 7: refreshes products and dashboard metrics. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboardMetrics }),
      ]),
  });
}
