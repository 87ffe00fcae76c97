import { useMemo, type ReactNode } from 'react';
import { ReceiptText } from 'lucide-react';
import type { ContactInfoResponse, LedgerTransaction } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/feedback/empty-state';
import { LoadFailed } from '@/components/feedback/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { toastError } from '@/components/toast/use-toast';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useFilterInAddress, type AddressRules } from '@/lib/use-filter-in-address';
import { useTransactionGroups } from '../api/get-transaction-groups';
import { buildReceipt } from '@/components/receipt/receipt-model';
import { openReceiptWindow, printReceipt } from '@/components/receipt/print-receipt';
import { getSale } from '../api/get-sale';
import {
  emptyFilter,
  isFiltering,
  isSaleGroup,
  REASON_FILTERS,
  receiptLines,
  TYPE_FILTERS,
  type TransactionFilter,
} from '../utils/transaction-groups';
import { TransactionFilters } from './transaction-filters';
import { TransactionGroupCard } from './transaction-group-card';

type TransactionsViewProps = {
  /** The shop's contact details for receipts; null leaves them off. */
  contactInfo: ContactInfoResponse | null;
  /** Extra actions per line (the route adds the manager's Reverse). */
  lineActions?: (line: LedgerTransaction) => ReactNode;
};

const addressRules: AddressRules<TransactionFilter> = {
  type: (value) => TYPE_FILTERS.some((option) => option.value === value),
  reason: (value) => (REASON_FILTERS as readonly string[]).includes(value),
};

/**
 * Movement history grouped by sale, with search, type and reason filters and receipt printing.
 * Filtered and paged on the server; a sale shows whole when any of its lines matches.
 */
export function TransactionsView({ contactInfo, lineActions }: TransactionsViewProps) {
  // In the address (?search=&type=&reason=): the audit trail links a sale here as `?search=<saleId>`,
  // and Back from another page or a reload shows the same filtered list.
  const [filter, setFilter] = useFilterInAddress(emptyFilter, addressRules);
  const settled = useDebouncedValue(filter, 250);
  const query = useTransactionGroups(settled);
  // While a new filter waits for its pause or its answer, no stale rows are shown as if they matched.
  const settling = query.isPending || JSON.stringify(filter) !== JSON.stringify(settled);
  const groups = useMemo(() => query.data?.pages.flatMap((page) => page.groups) ?? [], [query.data]);

  const print = async (saleId: string) => {
    const group = groups.find((candidate) => candidate.saleId === saleId);
    if (!group) return;
    const popup = openReceiptWindow();
    if (!popup) {
      toastError('The receipt window was blocked. Allow pop-ups for this site and try again.');
      return;
    }
    try {
      // Only a till sale was recorded as one; an online order's or one-by-one lines have only their lines.
      const sale = group.recordedSale ? await getSale(saleId) : null;
      printReceipt(popup, buildReceipt(saleId, inCartOrder(receiptLines(group), sale), sale), contactInfo);
    } catch {
      popup.close();
      toastError('The receipt could not be loaded. Try again.');
    }
  };
  const showMovement = (movementId: string) => setFilter({ ...emptyFilter, search: movementId });

  return (
    <div className="space-y-4">
      <TransactionFilters value={filter} onChange={setFilter} />
      {settling ? (
        <div className="flex justify-center py-16 text-slate-500" aria-busy="true" data-testid="transactions-loading">
          <Spinner className="h-6 w-6" />
        </div>
      ) : query.isError ? (
        <LoadFailed
          message="Transactions could not be loaded."
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          testId="transactions-load-failed"
        />
      ) : groups.length === 0 ? (
        <Card>
          <EmptyState icon={ReceiptText} testId="transactions-empty">
            {isFiltering(settled) ? 'No transactions match your filters.' : 'No transactions yet'}
          </EmptyState>
        </Card>
      ) : (
        <>
          <p className="text-xs text-slate-500" aria-live="polite">
            {isFiltering(settled) ? 'Matching' : 'Showing'} {groups.length}
            {query.hasNextPage ? '+' : ''} {groups.length === 1 ? 'entry' : 'entries'}
          </p>
          <div className="space-y-3" data-testid="transactions-list">
            {groups.map((group) => (
              <TransactionGroupCard
                key={group.key}
                group={group}
                onPrintReceipt={isSaleGroup(group) ? () => void print(group.saleId!) : undefined}
                onShowMovement={showMovement}
                lineActions={lineActions}
              />
            ))}
          </div>
          {query.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage && <Spinner />}
                Show more
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}

/**
 * A sale's lines in the order they were put in the cart. The ledger lists movements newest first; the
 * sale (GET /api/sales/{saleId}) lists its lines as sold, so that order wins when there is a sale.
 */
function inCartOrder<Line extends { id: string }>(
  lines: readonly Line[],
  sale: { lines: { id: string }[] } | null,
): Line[] {
  if (!sale) return [...lines].reverse();
  const position = new Map(sale.lines.map((line, index) => [line.id, index]));
  const at = (line: Line) => position.get(line.id) ?? Number.MAX_SAFE_INTEGER;
  return [...lines].sort((a, b) => at(a) - at(b));
}
