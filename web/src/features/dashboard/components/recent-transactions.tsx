import { ArrowDown, ArrowUp, ReceiptText } from 'lucide-react';
import { useNavigate } from 'react-router-dom';
import { DASHBOARD_LIMITS, type Transaction } from '@shop/contracts';
import { LoadFailed } from '@/components/feedback/load-failed';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { EmptyState } from '@/components/feedback/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { usePageAccess } from '@/lib/page-permissions';
import { cn } from '@/utils/cn';
import { formatMoney, formatReason, formatRelativeTime } from '@/utils/format';

type RecentTransactionsProps = {
  transactions: readonly Transaction[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Asks the failed call again (the Try again button). */
  onRetry: () => void;
  retrying: boolean;
};

// Unreadable dates sort last rather than scrambling the order.
const timeOf = (transaction: Transaction) => new Date(transaction.createdAt).getTime() || Number.NEGATIVE_INFINITY;
const newestFirst = (a: Transaction, b: Transaction) => (timeOf(b) === timeOf(a) ? 0 : timeOf(b) > timeOf(a) ? 1 : -1);

/** The transactions list comes from the page (it belongs to the transactions feature). */
export function RecentTransactions({ transactions, isLoading, isError, onRetry, retrying }: RecentTransactionsProps) {
  const navigate = useNavigate();
  const { canAccess } = usePageAccess();
  const recent = [...(transactions ?? [])].sort(newestFirst).slice(0, DASHBOARD_LIMITS.recentTransactions);

  return (
    <Card data-testid="recent-transactions">
      <CardHeader>
        <div>
          <CardTitle>Recent Transactions</CardTitle>
          <CardDescription>Latest stock movements and sales</CardDescription>
        </div>
        {/* An assistant without the Transactions page would only meet Access Restricted there. */}
        {canAccess('transactions') && (
          <Button variant="outline" size="sm" onClick={() => navigate(paths.transactions)}>
            View All
          </Button>
        )}
      </CardHeader>
      <CardBody className="py-2">
        {isLoading ? (
          <div className="flex justify-center py-10 text-slate-500">
            <Spinner className="h-6 w-6" />
          </div>
        ) : isError ? (
          <LoadFailed
            message="Transactions could not be loaded."
            onRetry={onRetry}
            retrying={retrying}
            padding="py-10"
            testId="recent-transactions-load-failed"
          />
        ) : recent.length === 0 ? (
          <EmptyState icon={ReceiptText}>No transactions yet</EmptyState>
        ) : (
          <ul className="divide-y divide-slate-100">
            {recent.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} />
            ))}
          </ul>
        )}
      </CardBody>
    </Card>
  );
}

function TransactionRow({ transaction }: { transaction: Transaction }) {
  const isIn = transaction.type === 'in';
  const Icon = isIn ? ArrowUp : ArrowDown;
  return (
    <li data-testid="recent-transaction" data-transaction-id={transaction.id} className="flex items-center gap-3 py-3">
      <span
        className={cn(
          'flex h-9 w-9 shrink-0 items-center justify-center rounded-full',
          isIn ? 'bg-emerald-50 text-emerald-600' : 'bg-rose-50 text-rose-600',
        )}
      >
        <Icon className="h-4 w-4" aria-label={isIn ? 'Stock in' : 'Stock out'} />
      </span>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900" title={transaction.productName ?? undefined}>
          {transaction.productName ?? 'Unknown Product'}
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-xs text-slate-500">
          <Badge tone="neutral">{formatReason(transaction.reason)}</Badge>
          <span>{formatRelativeTime(transaction.createdAt)}</span>
        </p>
      </div>
      <div className="text-right">
        <p className={cn('text-sm font-semibold', isIn ? 'text-emerald-600' : 'text-rose-600')}>
          {isIn ? '+' : '-'}
          {transaction.quantity}
        </p>
        <p className="text-xs text-slate-500">{formatMoney(transaction.totalValue)}</p>
      </div>
    </li>
  );
}
