import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { InventoryItem } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';

/** `asOf` is an ISO instant with offset, or null for now. */
export const inventoryKey = (asOf: string | null) => ['/api/inventory', { asOf }] as const;

export const getInventory = (asOf: string | null, signal?: AbortSignal): Promise<InventoryItem[]> =>
  apiFetch<InventoryItem[]>(asOf ? `/api/inventory?asOf=${encodeURIComponent(asOf)}` : '/api/inventory', { signal });

export const inventoryQueryOptions = (asOf: string | null) =>
  queryOptions({
    queryKey: inventoryKey(asOf),
    queryFn: ({ signal }) => getInventory(asOf, signal),
    placeholderData: keepPreviousData,
  });

export const useInventory = (asOf: string | null) => useQuery(inventoryQueryOptions(asOf));
