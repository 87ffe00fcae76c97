import { ClipboardCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router-dom';
import { LOW_STOCK_PARAM, paths } from '@/config/paths';
import { ProductHistoryButton } from '@/features/product-history/components/product-history-button';
import { InventoryView } from '@/features/inventory/components/inventory-view';
import { useProducts } from '@/features/products/api/get-products';
import { ReverseMovementButton } from '@/features/reversals/components/reverse-movement-button';
import { useSignedInUser } from '@/lib/session';
import { PageHeader } from '../layout/page-header';

export function InventoryPage() {
  const products = useProducts();
  const isManager = useSignedInUser().role === 'manager';
  const [params, setParams] = useSearchParams();
  return (
    <>
      <PageHeader
        title="Inventory"
        subtitle="Track stock levels and record stock coming in and going out"
        actions={
          <Link
            to={paths.stocktake}
            data-testid="stocktake-link"
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-slate-400 focus-visible:outline-none"
          >
            <ClipboardCheck className="h-4 w-4" aria-hidden="true" />
            Stocktake
          </Link>
        }
      />
      <InventoryView
        products={products.data}
        isLoading={products.isPending}
        isError={products.isError}
        onRetry={() => void products.refetch()}
        retrying={products.isFetching}
        lowStockOnly={params.get(LOW_STOCK_PARAM.name) === LOW_STOCK_PARAM.value}
        onShowAll={() =>
          setParams((current) => {
            // Only the low-stock narrowing goes: the search and category in the address stay.
            const next = new URLSearchParams(current);
            next.delete(LOW_STOCK_PARAM.name);
            return next;
          })
        }
        cardActions={(product) => (
          <ProductHistoryButton
            product={product}
            variant="labelled"
            entryActions={isManager ? (movement) => <ReverseMovementButton movement={movement} /> : undefined}
          />
        )}
      />
    </>
  );
}
