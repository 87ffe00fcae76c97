import { SupportView } from '@/features/customer-support/components/support-view';
import { PageHeader } from '../layout/page-header';

export function CustomerSupportPage() {
  return (
    <>
      <PageHeader title="Customer Support" subtitle="Customer requests and replies" />
      <SupportView />
    </>
  );
}
