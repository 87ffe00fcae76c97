import { useInfiniteQuery } from '@tanstack/react-query';
import type { AuditEntity, AuditPage } from '@shop/contracts';
import { apiFetch } from '@/lib/api-client';

/** The audit page's filters, as the server takes them (dates are Lagos days, `to` inclusive). */
export type AuditFilter = {
  entity: AuditEntity | '';
  byId: string;
  q: string;
  from: string;
  to: string;
};

export const emptyAuditFilter: AuditFilter = { entity: '', byId: '', q: '', from: '', to: '' };

export const AUDIT_PAGE_SIZE = 50;

/** From after To is no range: the server refuses it (400), so the page neither lists nor exports it. */
export const auditRangeInvalid = (filter: AuditFilter): boolean =>
  Boolean(filter.from && filter.to && filter.from > filter.to);

/** Query string of the filter: shared by the page and its CSV export, so the export is the filtered view. */
export function auditSearchParams(filter: AuditFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.entity) params.set('entity', filter.entity);
  if (filter.byId) params.set('byId', filter.byId);
  if (filter.q.trim()) params.set('q', filter.q.trim());
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  return params;
}

export const auditCsvHref = (filter: AuditFilter): string => {
  const query = auditSearchParams(filter).toString();
  return `/api/audit.csv${query ? `?${query}` : ''}`;
};

const getAuditPage = (filter: AuditFilter, before: string | null, signal?: AbortSignal): Promise<AuditPage> => {
  const params = auditSearchParams(filter);
  params.set('limit', String(AUDIT_PAGE_SIZE));
  if (before) params.set('before', before);
  return apiFetch<AuditPage>(`/api/audit?${params.toString()}`, { signal });
};

/** Newest first; each further page continues from the server's keyset cursor (`nextBefore`). */
export const useAuditTrail = (filter: AuditFilter, { enabled = true }: { enabled?: boolean } = {}) =>
  useInfiniteQuery({
    enabled,
    queryKey: ['/api/audit', filter],
    queryFn: ({ pageParam, signal }) => getAuditPage(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextBefore,
    staleTime: 0,
  });
