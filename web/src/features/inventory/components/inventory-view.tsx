import { useDeferredValue, useState, type ReactNode } from 'react';
import { PackageSearch } from 'lucide-react';
import { stockStatus, type Product } from '@shop/contracts';
import { LoadFailed } from '@/components/feedback/load-failed';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/feedback/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { CategoryFilter } from '@/components/filters/category-filter';
import { SearchInput } from '@/components/filters/search-input';
import { Pager, pageOf } from '@/components/pagination/pager';
import { useFilterInAddress, type AddressRules } from '@/lib/use-filter-in-address';
import { emptyProductFilter, filterProducts, isCategoryFilter, type ProductFilter } from '@/utils/product-filters';
import type { StockType } from '../hooks/use-stock-form';
import { InventoryProductCard } from './inventory-product-card';
import { StockDialog } from './stock-dialog';

type InventoryViewProps = {
  products: readonly Product[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Asks the failed call again (the Try again button). */
  onRetry: () => void;
  retrying: boolean;
  cardActions?: (product: Product) => ReactNode;
  /** Only the products at or below their minimum level (the dashboard's "View All N Low Stock Items"). */
  lowStockOnly?: boolean;
  onShowAll?: () => void;
};

/** Low or out of stock: what the dashboard counts as a low-stock item (at or below the minimum level). */
const isLowStock = (product: Product) => stockStatus(product) !== 'In Stock';

/** Cards rendered at once (divisible by the 1, 2 and 3 columns of the grid): 5,000 would lag. */
const PAGE_SIZE = 30;

const addressRules: AddressRules<ProductFilter> = { category: isCategoryFilter };

/** Search, category filter and product cards, each with Stock In / Stock Out, a page at a time. */
export function InventoryView({
  products,
  isLoading,
  isError,
  onRetry,
  retrying,
  cardActions,
  lowStockOnly = false,
  onShowAll,
}: InventoryViewProps) {
  // In the address (?search=&category=): Back from another page or a reload shows the list as narrowed.
  const [filter, setFilter] = useFilterInAddress(emptyProductFilter, addressRules);
  const { search, category } = filter;
  const [dialog, setDialog] = useState<{ type: StockType; productId?: string; open: boolean }>({
    type: 'in',
    open: false,
  });
  const [page, setPage] = useState(0);
  // Typing stays responsive: the cards re-filter at a lower priority than the keystroke.
  const deferredSearch = useDeferredValue(search);
  const all = products ?? [];
  const matching = filterProducts(all, { search: deferredSearch, category });
  const visible = lowStockOnly ? matching.filter(isLowStock) : matching;
  const shown = pageOf(visible, page, PAGE_SIZE);

  return (
    <div className="space-y-4">
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
        <SearchInput
          value={search}
          onChange={(value) => {
            setFilter({ ...filter, search: value });
            setPage(0);
          }}
          placeholder="Search by name or SKU..."
          label="Search inventory"
          testId="inventory-search"
        />
        <CategoryFilter
          value={category}
          onChange={(value) => {
            setFilter({ ...filter, category: value });
            setPage(0);
          }}
          testId="inventory-category-filter"
        />
        {lowStockOnly && (
          <p className="flex items-center gap-2 text-sm text-slate-700" data-testid="inventory-low-stock-only">
            <span className="rounded-full bg-amber-100 px-2.5 py-1 font-medium text-amber-900">Low stock only</span>
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                onShowAll?.();
                setPage(0);
              }}
              data-testid="inventory-show-all"
            >
              Show all
            </Button>
          </p>
        )}
      </Card>

      {isLoading ? (
        <div className="flex justify-center py-16 text-slate-500">
          <Spinner className="h-6 w-6" />
        </div>
      ) : isError ? (
        <LoadFailed
          message="Products could not be loaded."
          onRetry={onRetry}
          retrying={retrying}
          testId="inventory-load-failed"
        />
      ) : visible.length === 0 ? (
        <Card>
          <EmptyState icon={PackageSearch}>
            {all.length === 0 ? 'No products in inventory yet.' : 'No products match your filters.'}
          </EmptyState>
        </Card>
      ) : (
        <>
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3" data-testid="inventory-grid">
            {shown.rows.map((product) => (
              <InventoryProductCard
                key={product.id}
                product={product}
                actions={cardActions?.(product)}
                onStock={(type, productId) => setDialog({ type, productId, open: true })}
              />
            ))}
          </div>
          <Pager
            page={shown.page}
            pageSize={PAGE_SIZE}
            total={visible.length}
            onPage={setPage}
            label="Inventory pages"
            testId="inventory-pager"
          />
        </>
      )}

      <StockDialog
        type={dialog.type}
        productId={dialog.productId}
        open={dialog.open}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
        products={all}
      />
    </div>
  );
}
