import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saleResponse, type CreateSaleInput, type Sale } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/sales: the whole cart as one sale (all lines or none); the same saleId twice is one sale. */
export async function createSale(input: CreateSaleInput): Promise<Sale> {
  const response = await apiFetch<unknown>('/api/sales', { method: 'POST', body: input });
  // The sale is recorded once the server said 201: a surprising body must not turn that into a failure.
  const parsed = saleResponse.safeParse(response);
  if (!parsed.success) console.warn('POST /api/sales answered an unexpected shape', parsed.error.issues);
  return parsed.success ? parsed.data : (response as Sale);
}

/** Refreshes products, transactions and metrics after a sale; products also after a stock refusal. */
export function useCreateSale() {
  const queryClient = useQueryClient();
  const refresh = (keys: readonly (readonly string[])[]) =>
    Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn: createSale,
    onSuccess: () => refresh([queryKeys.products, queryKeys.transactions, queryKeys.dashboardMetrics]),
    // A 409 means stock moved under us: show the till the stock as it is now.
    onError: () => refresh([queryKeys.products]),
  });
}
