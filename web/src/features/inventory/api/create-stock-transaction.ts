import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTransactionCommandInput, Transaction } from '@shop/contracts';
import { apiFetch, refreshOnServerRefusal } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

/** The stock dialog's payload (spec section 7): no saleId, no discount fields. */
export type StockTransactionInput = Pick<
  CreateTransactionCommandInput,
  'productId' | 'type' | 'quantity' | 'unitPrice' | 'costPrice' | 'reason' | 'sellerName' | 'notes'
> & { totalValue: string };

export const createStockTransaction = (input: StockTransactionInput): Promise<Transaction> =>
  apiFetch<Transaction>(keyToPath(queryKeys.transactions), { method: 'POST', body: input });

/**
 * Refreshes transactions, products and metrics; after a server refusal too, which usually means
 * the stock on screen is out of date (the product deleted, or sold, elsewhere).
 */
export function useCreateStockTransaction() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.transactions }),
      queryClient.invalidateQueries({ queryKey: queryKeys.products }),
      queryClient.invalidateQueries({ queryKey: queryKeys.dashboardMetrics }),
    ]);
  return useMutation({
    mutationFn: createStockTransaction,
    onSuccess: refresh,
    onError: refreshOnServerRefusal(refresh),
  });
}
