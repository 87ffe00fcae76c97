import { Download, FileClock } from 'lucide-react';
import { AUDIT_ENTITIES } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/feedback/empty-state';
import { LoadFailed } from '@/components/feedback/load-failed';
import { useSignedInUser } from '@/lib/session';
import { useUsers } from '@/features/settings/api/get-users';
import { auditCsvHref, auditRangeInvalid, emptyAuditFilter, useAuditTrail, type AuditFilter } from '../api/get-audit';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { dayOrEmpty, useFilterInAddress, type AddressRules } from '@/lib/use-filter-in-address';
import { AuditEntryRow } from './audit-entry-row';
import { AuditFilters } from './audit-filters';

const addressRules: AddressRules<AuditFilter> = {
  entity: (value) => value === '' || (AUDIT_ENTITIES as readonly string[]).includes(value),
  from: dayOrEmpty,
  to: dayOrEmpty,
};

/**
 * Every event of the shop, newest first, filtered on the server and paged by its keyset cursor
 * ("Load older entries"), so the page stays fast however long the trail grows.
 */
export function AuditView() {
  const user = useSignedInUser();
  // The user list is a manager's call; an assistant granted this page filters without it.
  const users = useUsers({ enabled: user.role === 'manager' });
  // In the address: a row's link (a product's history, a receipt) and Back return to the same filtered trail.
  const [filter, setFilter] = useFilterInAddress(emptyAuditFilter, addressRules);
  const settled = useDebouncedValue(filter, 250);
  // Checked on what is typed and on what is fetched, so no request or export ever carries a reversed range.
  const badRange = auditRangeInvalid(filter) || auditRangeInvalid(settled);
  const trail = useAuditTrail(settled, { enabled: !badRange });
  const entries = trail.data?.pages.flatMap((page) => page.entries) ?? [];

  return (
    <div className="space-y-4">
      <AuditFilters value={filter} onChange={setFilter} users={users.data ?? []} />
      <Card data-testid="audit-trail">
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3">
          <h2 className="text-base font-semibold text-slate-900">Events, newest first</h2>
          <a
            href={badRange ? undefined : auditCsvHref(settled)}
            download
            aria-disabled={badRange || undefined}
            aria-describedby={badRange ? 'audit-range-error' : undefined}
            data-testid="audit-export-csv"
            className="inline-flex h-9 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-rose-500 focus-visible:outline-none aria-disabled:cursor-not-allowed aria-disabled:opacity-60 aria-disabled:hover:bg-white"
          >
            <Download className="h-4 w-4" aria-hidden="true" />
            Export CSV
          </a>
        </div>
        {badRange ? (
          <p
            id="audit-range-error"
            className="py-16 text-center text-sm text-red-600"
            role="alert"
            data-testid="audit-range-error"
          >
            The start date must be on or before the end date.
          </p>
        ) : trail.isPending ? (
          <div className="flex justify-center py-16 text-slate-500">
            <Spinner className="h-6 w-6" />
          </div>
        ) : trail.isError ? (
          <LoadFailed
            message="The audit trail could not be loaded."
            onRetry={() => void trail.refetch()}
            retrying={trail.isFetching}
            testId="audit-load-failed"
          />
        ) : entries.length === 0 ? (
          <EmptyState icon={FileClock} testId="audit-empty">
            No events match your filters.
          </EmptyState>
        ) : (
          <ol aria-label="Audit trail" data-testid="audit-entries" aria-busy={trail.isFetching}>
            {entries.map((entry) => (
              <AuditEntryRow key={entry.id} entry={entry} />
            ))}
          </ol>
        )}
        {!badRange && trail.hasNextPage && (
          <div className="flex justify-center border-t border-slate-100 p-3">
            <Button
              variant="outline"
              onClick={() => void trail.fetchNextPage()}
              disabled={trail.isFetchingNextPage}
              data-testid="audit-load-more"
            >
              {trail.isFetchingNextPage ? 'Loading...' : 'Load older entries'}
            </Button>
          </div>
        )}
      </Card>
    </div>
  );
}
