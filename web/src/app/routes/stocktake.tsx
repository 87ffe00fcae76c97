import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useProducts } from '@/features/products/api/get-products';
import { StocktakeView } from '@/features/stocktake/components/stocktake-view';
import { useSignedInUser } from '@/lib/session';
import { PageHeader } from '../layout/page-header';

export function StocktakePage() {
  const products = useProducts();
  const user = useSignedInUser();
  return (
    <>
      <PageHeader
        title="Stocktake"
        subtitle="Count the shelves; differences are recorded as adjustments, never overwritten"
        showAddProduct={false}
        actions={
          <Link
            to={paths.inventory}
            className="inline-flex h-10 items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-slate-400 focus-visible:outline-none"
          >
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Inventory
          </Link>
        }
      />
      <StocktakeView
        products={products.data}
        isLoading={products.isPending}
        isError={products.isError}
        onRetry={() => void products.refetch()}
        retrying={products.isFetching}
        userId={user.id}
      />
    </>
  );
}
