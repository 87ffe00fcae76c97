import { Hammer } from 'lucide-react';
import { Notice } from '@/components/feedback/notice';
import { PageHeader } from '../layout/page-header';

/** Stand-ins with the right header until each page's feature is built; replace the entry in route-config. */
function PlaceholderPage({ title, subtitle }: { title: string; subtitle: string }) {
  return (
    <>
      <PageHeader title={title} subtitle={subtitle} />
      <Notice
        headingLevel="h2"
        testId="page-placeholder"
        icon={Hammer}
        title={`${title} is coming soon`}
        message="This part of the back office is still being built."
      />
    </>
  );
}

export const ReportsPage = () => <PlaceholderPage title="Reports" subtitle="Sales, stock and profit at a glance" />;
