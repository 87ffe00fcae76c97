import { useCallback, useDeferredValue, useRef, useState, type ReactNode } from 'react';
import type { Product } from '@shop/contracts';
import { LoadFailed } from '@/components/feedback/load-failed';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { CategoryFilter } from '@/components/filters/category-filter';
import { SearchInput } from '@/components/filters/search-input';
import { Pager, pageOf } from '@/components/pagination/pager';
import { useFilterInAddress, type AddressRules } from '@/lib/use-filter-in-address';
import { emptyProductFilter, filterProducts, isCategoryFilter, type ProductFilter } from '@/utils/product-filters';
import { useProducts } from '../api/get-products';
import { ProductsTable } from './products-table';

/** Rows rendered at once: 5,000 products filter in memory in a few ms, but rendering them all would lag. */
const PAGE_SIZE = 50;

const addressRules: AddressRules<ProductFilter> = { category: isCategoryFilter };

export function ProductsView({ rowActions }: { rowActions?: (product: Product) => ReactNode } = {}) {
  const products = useProducts();
  const searchRef = useRef<HTMLInputElement>(null);
  const focusSearch = useCallback(() => searchRef.current?.focus(), []);
  // In the address (?search=&category=): Back from another page or a reload shows the list as narrowed.
  const [filter, setFilter] = useFilterInAddress(emptyProductFilter, addressRules);
  const { search, category } = filter;
  const [page, setPage] = useState(0);
  // Typing stays responsive: the list re-filters at a lower priority than the keystroke.
  const deferredSearch = useDeferredValue(search);
  const all = products.data ?? [];
  const visible = filterProducts(all, { search: deferredSearch, category });
  const shown = pageOf(visible, page, PAGE_SIZE);

  return (
    <Card data-testid="products-view">
      <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-center">
        <SearchInput
          value={search}
          onChange={(value) => {
            setFilter({ ...filter, search: value });
            setPage(0);
          }}
          placeholder="Search products by name or SKU..."
          label="Search products"
          testId="products-search"
          inputRef={searchRef}
        />
        <CategoryFilter
          value={category}
          onChange={(value) => {
            setFilter({ ...filter, category: value });
            setPage(0);
          }}
          testId="products-category-filter"
        />
      </div>
      {products.isPending ? (
        <div className="flex justify-center py-16 text-slate-500">
          <Spinner className="h-6 w-6" />
        </div>
      ) : products.isError ? (
        <LoadFailed
          message="Products could not be loaded."
          onRetry={() => void products.refetch()}
          retrying={products.isFetching}
          testId="products-load-failed"
        />
      ) : (
        <ProductsTable
          products={shown.rows}
          rowActions={rowActions}
          onEmptied={focusSearch}
          emptyText={all.length === 0 ? 'No products yet. Add your first product.' : 'No products match your filters.'}
        />
      )}
      {!products.isPending && !products.isError && all.length > 0 && (
        <div className="space-y-3 border-t border-slate-100 px-4 py-3">
          <Pager
            page={shown.page}
            pageSize={PAGE_SIZE}
            total={visible.length}
            onPage={setPage}
            label="Products pages"
            testId="products-pager"
          />
          <p className="text-xs text-slate-600" data-testid="products-count">
            Showing {visible.length} of {all.length} products
          </p>
        </div>
      )}
    </Card>
  );
}
