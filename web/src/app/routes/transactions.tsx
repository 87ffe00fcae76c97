import { useSearchParams } from 'react-router-dom';
import { useContactInfo } from '@/features/settings/api/get-contact-info';
import { TransactionsView } from '@/features/transactions/components/transactions-view';
import { useTransactions } from '@/features/transactions/api/get-transactions';
import { PageHeader } from '../layout/page-header';

export function TransactionsPage() {
  const transactions = useTransactions();
  // Receipts show the shop's contact details when a manager has set them; otherwise they are left off.
  const contactInfo = useContactInfo();
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader title="Transactions" subtitle="History of every stock movement and sale" />
      <TransactionsView
        transactions={transactions.data}
        isLoading={transactions.isPending}
        isError={transactions.isError}
        contactInfo={contactInfo.data ?? null}
        initialSearch={params.get('search') ?? ''}
      />
    </>
  );
}
