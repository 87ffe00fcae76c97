import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DashboardMetrics } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';
import { keyToPath, queryKeys } from '@/lib/query-keys';

export const getDashboardMetrics = (signal?: AbortSignal): Promise<DashboardMetrics> =>
  apiFetch<DashboardMetrics>(keyToPath(queryKeys.dashboardMetrics), { signal });

export const dashboardMetricsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.dashboardMetrics, queryFn: ({ signal }) => getDashboardMetrics(signal) });

export const useDashboardMetrics = () => useQuery(dashboardMetricsQueryOptions());
