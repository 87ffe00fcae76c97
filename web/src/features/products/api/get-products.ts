import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

export const getProducts = (signal?: AbortSignal): Promise<Product[]> =>
  apiFetch<Product[]>(keyToPath(queryKeys.products), { signal });

export const productsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.products, queryFn: ({ signal }) => getProducts(signal) });

export const useProducts = () => useQuery(productsQueryOptions());
