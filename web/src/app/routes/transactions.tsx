import { History } from 'lucide-react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { LinkedProductHistory } from '@/features/product-history/components/linked-product-history';
import { ReverseMovementButton } from '@/features/reversals/components/reverse-movement-button';
import { useContactInfo } from '@/features/settings/api/get-contact-info';
import { TransactionsView } from '@/features/transactions/components/transactions-view';
import { useSignedInUser } from '@/lib/session';
import { PageHeader } from '../layout/page-header';

export function TransactionsPage() {
  // Receipts show the shop's contact details when a manager has set them; otherwise they are left off.
  const contactInfo = useContactInfo();
  const [, setParams] = useSearchParams();
  const isManager = useSignedInUser().role === 'manager';
  return (
    <>
      <PageHeader title="Transactions" subtitle="History of every stock movement and sale" />
      <TransactionsView
        contactInfo={contactInfo.data ?? null}
        lineActions={(line) => (
          <div className="flex flex-wrap gap-2 sm:justify-end">
            <Button
              variant="outline"
              size="sm"
              aria-label={`History of ${line.productName ?? 'this product'}`}
              data-testid="line-history-button"
              onClick={() =>
                setParams((current) => {
                  const next = new URLSearchParams(current);
                  next.set('history', line.productId);
                  return next;
                })
              }
            >
              <History className="h-4 w-4" aria-hidden="true" />
              History
            </Button>
            {isManager && <ReverseMovementButton movement={line} />}
          </div>
        )}
      />
      <LinkedProductHistory
        entryActions={isManager ? (entry) => <ReverseMovementButton movement={entry} /> : undefined}
      />
    </>
  );
}
