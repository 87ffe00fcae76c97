import { SalesTill } from '@/features/sales/components/sales-till';
import { useProducts } from '@/features/products/api/get-products';
import { PageHeader } from '../layout/page-header';

export function SalesPage() {
  const products = useProducts();
  return (
    <>
      <PageHeader title="Sales Till" subtitle="Sell products and take cash payments" />
      <SalesTill products={products.data} isLoading={products.isPending} isError={products.isError} />
    </>
  );
}
