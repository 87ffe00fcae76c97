import { useMemo, useState } from 'react';
import { ReceiptText } from 'lucide-react';
import type { ContactInfoResponse, Transaction } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/feedback/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toastError } from '@/components/toast/use-toast';
import { buildReceipt } from '../receipt/receipt-model';
import { printReceipt } from '../receipt/print-receipt';
import {
  emptyFilter,
  filterTransactions,
  groupTransactions,
  isFiltering,
  isSaleGroup,
  type TransactionFilter,
} from '../utils/transaction-groups';
import { TransactionFilters } from './transaction-filters';
import { TransactionGroupCard } from './transaction-group-card';

const PAGE_SIZE = 50;

type TransactionsViewProps = {
  transactions: readonly Transaction[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** The shop's contact details for receipts; null leaves them off. */
  contactInfo: ContactInfoResponse | null;
  /** Search to start with: the audit trail links a sale here as `?search=<saleId>`. */
  initialSearch?: string;
};

/** Movement history grouped by sale, with search, type and reason filters and receipt printing. */
export function TransactionsView({
  transactions,
  isLoading,
  isError,
  contactInfo,
  initialSearch = '',
}: TransactionsViewProps) {
  const [filter, setFilter] = useState<TransactionFilter>({ ...emptyFilter, search: initialSearch });
  const [shown, setShown] = useState(PAGE_SIZE);
  const all = useMemo(() => transactions ?? [], [transactions]);
  // Receipts always use every line of the sale, whatever the filters hide.
  const salesById = useMemo(
    () => new Map(groupTransactions(all).flatMap((group) => (isSaleGroup(group) ? [[group.saleId!, group]] : []))),
    [all],
  );
  const groups = useMemo(() => groupTransactions(filterTransactions(all, filter)), [all, filter]);

  const onFilterChange = (next: TransactionFilter) => {
    setFilter(next);
    setShown(PAGE_SIZE);
  };

  const print = (saleId: string) => {
    const sale = salesById.get(saleId);
    if (!sale) return;
    if (!printReceipt(buildReceipt(saleId, sale.lines), contactInfo)) {
      toastError('The receipt window was blocked. Allow pop-ups for this site and try again.');
    }
  };

  return (
    <div className="space-y-4">
      <TransactionFilters value={filter} onChange={onFilterChange} />
      {isLoading ? (
        <div className="flex justify-center py-16 text-slate-500">
          <Spinner className="h-6 w-6" />
        </div>
      ) : isError ? (
        <p className="py-16 text-center text-sm text-slate-500">Transactions could not be loaded.</p>
      ) : groups.length === 0 ? (
        <Card>
          <EmptyState icon={ReceiptText} testId="transactions-empty">
            {all.length === 0 ? 'No transactions yet' : 'No transactions match your filters.'}
          </EmptyState>
        </Card>
      ) : (
        <>
          <p className="text-xs text-slate-500" aria-live="polite">
            {isFiltering(filter) ? 'Matching' : 'Showing'} {Math.min(shown, groups.length)} of {groups.length}{' '}
            {groups.length === 1 ? 'entry' : 'entries'}
          </p>
          <div className="space-y-3" data-testid="transactions-list">
            {groups.slice(0, shown).map((group) => (
              <TransactionGroupCard
                key={group.key}
                group={group}
                onPrintReceipt={group.saleId && salesById.has(group.saleId) ? () => print(group.saleId!) : undefined}
              />
            ))}
          </div>
          {groups.length > shown && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={() => setShown((count) => count + PAGE_SIZE)}>
                Show more
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
