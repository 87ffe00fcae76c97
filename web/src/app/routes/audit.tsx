import { AuditView } from '@/features/audit/components/audit-view';
import { PageHeader } from '../layout/page-header';

export function AuditPage() {
  return (
    <>
      <PageHeader title="Audit Trail" subtitle="Who did what, and when, across the shop" showAddProduct={false} />
      <AuditView />
    </>
  );
}
