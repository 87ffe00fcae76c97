import { ReportsView } from '@/features/reports/components/reports-view';
import { PageHeader } from '../layout/page-header';

export function ReportsPage() {
  return (
    <>
      <PageHeader title="Reports" subtitle="Sales, stock and profit at a glance" />
      <ReportsView />
    </>
  );
}
