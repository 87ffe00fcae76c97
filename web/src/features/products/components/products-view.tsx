import { useState, type ReactNode } from 'react';
import type { Product } from '@shop/contracts';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { CategoryFilter } from '@/components/filters/category-filter';
import { SearchInput } from '@/components/filters/search-input';
import { ALL_CATEGORIES, filterProducts } from '@/utils/product-filters';
import { useProducts } from '../api/get-products';
import { ProductsTable } from './products-table';

export function ProductsView({ rowActions }: { rowActions?: (product: Product) => ReactNode } = {}) {
  const products = useProducts();
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string>(ALL_CATEGORIES);
  const all = products.data ?? [];
  const visible = filterProducts(all, { search, category });

  return (
    <Card data-testid="products-view">
      <div className="flex flex-col gap-3 border-b border-slate-100 p-4 sm:flex-row sm:items-center">
        <SearchInput
          value={search}
          onChange={setSearch}
          placeholder="Search products by name or SKU..."
          label="Search products"
          testId="products-search"
        />
        <CategoryFilter value={category} onChange={setCategory} testId="products-category-filter" />
      </div>
      {products.isPending ? (
        <div className="flex justify-center py-16 text-slate-500">
          <Spinner className="h-6 w-6" />
        </div>
      ) : products.isError ? (
        <p className="py-16 text-center text-sm text-slate-500">Products could not be loaded.</p>
      ) : (
        <ProductsTable
          products={visible}
          rowActions={rowActions}
          emptyText={all.length === 0 ? 'No products yet. Add your first product.' : 'No products match your filters.'}
        />
      )}
      {!products.isPending && !products.isError && all.length > 0 && (
        <p className="border-t border-slate-100 px-4 py-3 text-xs text-slate-500">
          Showing {visible.length} of {all.length} products
        </p>
      )}
    </Card>
  );
}
