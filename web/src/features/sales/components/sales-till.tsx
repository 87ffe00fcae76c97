import { useMemo, useRef, useState, type FormEvent } from 'react';
import { PackageSearch, ShoppingCart, Trash2 } from 'lucide-react';
import type { Product } from '@shop/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/feedback/empty-state';
import { SearchInput } from '@/components/filters/search-input';
import { Spinner } from '@/components/ui/spinner';
import { toastError } from '@/components/toast/use-toast';
import { useCart } from '../hooks/use-cart';
import { insufficientStockToast, useCheckout, type OfflineTill } from '../hooks/use-checkout';
import { findBySku, groupByCategory, searchTill } from '../utils/till-catalogue';
import { CartDialog } from './cart-dialog';
import { TillProductCard } from './till-product-card';

type SalesTillProps = {
  products: readonly Product[] | undefined;
  isLoading: boolean;
  isError: boolean;
  till: OfflineTill;
};

/** Search (or scan) products, fill the cart, and take a cash sale through the Transaction Slip. */
export function SalesTill({ products, isLoading, isError, till }: SalesTillProps) {
  const [search, setSearch] = useState('');
  const [scanMiss, setScanMiss] = useState<string | null>(null);
  const [cartOpen, setCartOpen] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const cart = useCart();
  const all = useMemo(() => products ?? [], [products]);
  const productsById = useMemo(() => new Map(all.map((product) => [product.id, product])), [all]);
  const groups = useMemo(() => groupByCategory(searchTill(all, search)), [all, search]);
  // Lives here, not in the dialog, so a sale finishing after the slip was closed still clears the cart.
  const checkout = useCheckout(cart, productsById, () => setCartOpen(false), till);
  const quantityInCart = (productId: string) => cart.lines.find((line) => line.productId === productId)?.quantity ?? 0;

  const addToCart = (product: Product): boolean => {
    const available = productsById.get(product.id)?.currentStock ?? product.currentStock;
    const result = cart.add(product, available);
    if (result === 'out-of-stock') toastError(`${product.name} is out of stock`, 'Out of Stock');
    if (result === 'at-stock-limit') insufficientStockToast(available, product.name);
    return result === 'added';
  };

  const onSearchChange = (value: string) => {
    setSearch(value);
    setScanMiss(null);
  };

  // Enter (a scanner ends every code with it) adds the product with that SKU; focus stays in the box.
  const onSearchSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = search.trim();
    if (!text) return;
    const scanned = findBySku(all, text);
    if (!scanned) {
      setScanMiss(text);
      searchRef.current?.select();
      return;
    }
    setScanMiss(null);
    if (addToCart(scanned)) setSearch('');
  };

  // After the slip closes (a sale, or Escape) the next scan goes straight into the search box.
  const focusSearch = (event: Event) => {
    event.preventDefault();
    searchRef.current?.focus();
  };

  return (
    <div className="space-y-5">
      <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
        <form onSubmit={onSearchSubmit} role="search" className="flex-1">
          <SearchInput
            value={search}
            onChange={onSearchChange}
            placeholder="Search by name, SKU or category, or scan a barcode..."
            label="Search products"
            testId="till-search"
            inputRef={searchRef}
            describedBy="till-scan-status"
          />
          <p
            id="till-scan-status"
            role="status"
            className="mt-1 text-sm text-rose-700 empty:mt-0"
            data-testid="till-scan-status"
          >
            {scanMiss ? `No product has the SKU "${scanMiss}"` : ''}
          </p>
        </form>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button onClick={() => setCartOpen(true)} data-testid="view-cart-button">
            <ShoppingCart className="h-4 w-4" aria-hidden="true" />
            View Cart ({cart.lines.length})
          </Button>
          <Button
            variant="outline"
            onClick={cart.clear}
            disabled={cart.lines.length === 0 || checkout.isPending}
            data-testid="clear-cart-button"
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
            Clear Cart
          </Button>
        </div>
      </Card>

      {isLoading ? (
        <div className="flex justify-center py-16 text-slate-500">
          <Spinner className="h-6 w-6" />
        </div>
      ) : isError ? (
        <p className="py-16 text-center text-sm text-slate-500">Products could not be loaded.</p>
      ) : groups.length === 0 ? (
        <Card>
          <EmptyState icon={PackageSearch} testId="till-empty">
            {all.length === 0 ? 'No products to sell yet.' : 'No products match your search.'}
          </EmptyState>
        </Card>
      ) : (
        groups.map(({ category, products: items }) => (
          <section key={category} aria-labelledby={`till-${slug(category)}`} data-testid="till-category">
            <h2 id={`till-${slug(category)}`} className="mb-3 flex items-center gap-2 font-semibold text-slate-900">
              {category}
              <Badge tone="neutral">{items.length}</Badge>
            </h2>
            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
              {items.map((product) => (
                <TillProductCard
                  key={product.id}
                  product={product}
                  inCart={quantityInCart(product.id)}
                  onAdd={addToCart}
                />
              ))}
            </div>
          </section>
        ))
      )}

      <CartDialog
        open={cartOpen}
        onOpenChange={setCartOpen}
        cart={cart}
        productsById={productsById}
        onConfirm={checkout.confirm}
        isPending={checkout.isPending}
        onCloseAutoFocus={focusSearch}
      />
    </div>
  );
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
