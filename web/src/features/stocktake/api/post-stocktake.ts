import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StocktakeSheetInput, StocktakeSheetResult } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const postStocktake = (input: StocktakeSheetInput): Promise<StocktakeSheetResult> =>
  apiFetch<StocktakeSheetResult>('/api/stocktakes', { method: 'POST', body: input });

/** One count sheet, posted once; refreshes stock, transactions, metrics and every product history. */
export function usePostStocktake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postStocktake,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products }),
        queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboardMetrics }),
      ]),
  });
}
