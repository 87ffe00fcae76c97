import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportRequest } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

/** GET /api/customer-support: every request, each with its replies (oldest first) and outbox count. */
export const getSupportRequests = (signal?: AbortSignal): Promise<SupportRequest[]> =>
  apiFetch<SupportRequest[]>(keyToPath(queryKeys.supportRequests), { signal });

export const supportRequestsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.supportRequests, queryFn: ({ signal }) => getSupportRequests(signal) });

export const useSupportRequests = () => useQuery(supportRequestsQueryOptions());
