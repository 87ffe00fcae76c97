import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnlineOrder } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

/** GET /api/online-orders. */
export const getOnlineOrders = (signal?: AbortSignal): Promise<OnlineOrder[]> =>
  apiFetch<OnlineOrder[]>(keyToPath(queryKeys.onlineOrders), { signal });

export const onlineOrdersQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.onlineOrders, queryFn: ({ signal }) => getOnlineOrders(signal) });

/** Spec section 7: fetched only while the Online Orders dialog is open. */
export const useOnlineOrders = ({ enabled }: { enabled: boolean }) =>
  useQuery({ ...onlineOrdersQueryOptions(), enabled });
