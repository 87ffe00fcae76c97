import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductHistory } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';

export const productHistoryKey = (productId: string) => ['/api/products', productId, 'history'] as const;

export const getProductHistory = (productId: string, signal?: AbortSignal): Promise<ProductHistory> =>
  apiFetch<ProductHistory>(`/api/products/${encodeURIComponent(productId)}/history`, { signal });

export const productHistoryQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: productHistoryKey(productId),
    queryFn: ({ signal }) => getProductHistory(productId, signal),
    // Always fresh when opened: the history changes with every movement.
    staleTime: 0,
  });

export const useProductHistory = (productId: string, enabled: boolean) =>
  useQuery({ ...productHistoryQueryOptions(productId), enabled });
