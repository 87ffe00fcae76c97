import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Transaction } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

export const getTransactions = (signal?: AbortSignal): Promise<Transaction[]> =>
  apiFetch<Transaction[]>(keyToPath(queryKeys.transactions), { signal });

export const transactionsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.transactions, queryFn: ({ signal }) => getTransactions(signal) });

export const useTransactions = () => useQuery(transactionsQueryOptions());
