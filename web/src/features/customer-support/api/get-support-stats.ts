import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportStats } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

/** GET /api/customer-support/stats: totals per status, today and the last 7 days (Africa/Lagos). */
export const getSupportStats = (signal?: AbortSignal): Promise<SupportStats> =>
  apiFetch<SupportStats>(keyToPath(queryKeys.supportStats), { signal });

export const supportStatsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.supportStats, queryFn: ({ signal }) => getSupportStats(signal) });

export const useSupportStats = () => useQuery(supportStatsQueryOptions());
