import { ProductHistoryButton } from '@/features/product-history/components/product-history-button';
import { InventoryView } from '@/features/inventory/components/inventory-view';
import { useProducts } from '@/features/products/api/get-products';
import { PageHeader } from '../layout/page-header';

export function InventoryPage() {
  const products = useProducts();
  return (
    <>
      <PageHeader title="Inventory" subtitle="Track stock levels and record stock coming in and going out" />
      <InventoryView
        products={products.data}
        isLoading={products.isPending}
        isError={products.isError}
        cardActions={(product) => <ProductHistoryButton product={product} variant="labelled" />}
      />
    </>
  );
}
