import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportSummary } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';

export type ReportRange = { from: string; to: string };

export const reportSummaryKey = (range: ReportRange) => ['/api/reports', 'summary', range] as const;

export const getReportSummary = (range: ReportRange, signal?: AbortSignal): Promise<ReportSummary> => {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  return apiFetch<ReportSummary>(`/api/reports/summary?${params.toString()}`, { signal });
};

export const reportSummaryQueryOptions = (range: ReportRange) =>
  queryOptions({
    queryKey: reportSummaryKey(range),
    queryFn: ({ signal }) => getReportSummary(range, signal),
    placeholderData: keepPreviousData,
  });

export const useReportSummary = (range: ReportRange) => useQuery(reportSummaryQueryOptions(range));
