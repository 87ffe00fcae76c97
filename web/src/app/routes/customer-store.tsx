import { Construction } from 'lucide-react';
import { Notice } from '@/components/feedback/notice';
import { PageHeader } from '../layout/page-header';

export function CustomerStorePage() {
  return (
    <>
      <PageHeader title="Customer Store" subtitle="The online storefront for customers" showAddProduct={false} />
      <Notice
        headingLevel="h2"
        testId="customer-store-maintenance"
        icon={Construction}
        tone="warning"
        title="Customer Store Under Maintenance"
        message="The customer store is being improved and is not taking orders right now. Please check back later."
      />
    </>
  );
}
