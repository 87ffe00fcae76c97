import { ProductsView } from '@/features/products/components/products-view';
import { PageHeader } from '../layout/page-header';

export function ProductsPage() {
  return (
    <>
      <PageHeader title="Products" subtitle="Manage your product catalogue" />
      <ProductsView />
    </>
  );
}
