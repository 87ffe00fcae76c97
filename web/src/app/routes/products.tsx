import { LinkedProductHistory } from '@/features/product-history/components/linked-product-history';
import { ProductHistoryButton } from '@/features/product-history/components/product-history-button';
import { ProductsView } from '@/features/products/components/products-view';
import { ReverseMovementButton } from '@/features/reversals/components/reverse-movement-button';
import { useSignedInUser } from '@/lib/session';
import { PageHeader } from '../layout/page-header';

export function ProductsPage() {
  const isManager = useSignedInUser().role === 'manager';
  const entryActions = isManager
    ? (movement: Parameters<typeof ReverseMovementButton>[0]['movement']) => (
        <ReverseMovementButton movement={movement} />
      )
    : undefined;
  return (
    <>
      <PageHeader title="Products" subtitle="Manage your product catalogue" />
      <ProductsView rowActions={(product) => <ProductHistoryButton product={product} entryActions={entryActions} />} />
      <LinkedProductHistory entryActions={entryActions} />
    </>
  );
}
