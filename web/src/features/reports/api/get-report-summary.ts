import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportSummary } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';

/** `knownAt`: a YYYY-MM-DD Lagos day (the server reads it as the end of that day); absent: today's figures. */
export type ReportRange = { from: string; to: string; knownAt?: string };

export const reportSummaryKey = (range: ReportRange) => ['/api/reports', 'summary', range] as const;

export const getReportSummary = (range: ReportRange, signal?: AbortSignal): Promise<ReportSummary> => {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  if (range.knownAt) params.set('knownAt', range.knownAt);
  return apiFetch<ReportSummary>(`/api/reports/summary?${params.toString()}`, { signal });
};

export const reportSummaryQueryOptions = (range: ReportRange) =>
  queryOptions({
    queryKey: reportSummaryKey(range),
    queryFn: ({ signal }) => getReportSummary(range, signal),
    placeholderData: keepPreviousData,
  });

export const useReportSummary = (range: ReportRange, { enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...reportSummaryQueryOptions(range), enabled });
