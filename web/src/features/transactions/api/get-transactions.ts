import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transaction } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

/**
 * GET /api/transactions?limit=: only the movements that happened last, not the shop's whole history.
 * Keyed under queryKeys.transactions, so every write that refreshes the transactions refreshes it.
 */
export const getNewestTransactions = (count: number, signal?: AbortSignal): Promise<Transaction[]> =>
  apiFetch<Transaction[]>(`${keyToPath(queryKeys.transactions)}?limit=${count}`, { signal });

export const newestTransactionsQueryOptions = (count: number) =>
  queryOptions({
    queryKey: [...queryKeys.transactions, { limit: count }],
    queryFn: ({ signal }) => getNewestTransactions(count, signal),
  });

export const useNewestTransactions = (count: number) => useQuery(newestTransactionsQueryOptions(count));
