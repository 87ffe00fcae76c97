import { LinkedProductHistory } from '@/features/product-history/components/linked-product-history';
import { ProductHistoryButton } from '@/features/product-history/components/product-history-button';
import { ProductsView } from '@/features/products/components/products-view';
import { PageHeader } from '../layout/page-header';

export function ProductsPage() {
  return (
    <>
      <PageHeader title="Products" subtitle="Manage your product catalogue" />
      <ProductsView rowActions={(product) => <ProductHistoryButton product={product} />} />
      <LinkedProductHistory />
    </>
  );
}
