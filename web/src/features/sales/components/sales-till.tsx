import { useDeferredValue, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { PackageSearch, ShoppingCart, Trash2 } from 'lucide-react';
import type { ContactInfoResponse, Product, Sale } from '@shop/contracts';
import { LoadFailed } from '@/components/feedback/load-failed';
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
import { LastSaleReceipt } from './last-sale-receipt';
import { TillProductCard } from './till-product-card';

type SalesTillProps = {
  products: readonly Product[] | undefined;
  isLoading: boolean;
  isError: boolean;
  /** Asks the failed call again (the Try again button). */
  onRetry: () => void;
  retrying: boolean;
  till: OfflineTill;
  /** The shop's contact details for receipts, once a manager has set them. */
  receiptContact: ContactInfoResponse | null;
};

/** Search (or scan) products, fill the cart, and take a cash sale through the Transaction Slip. */
const anotherDialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

export function SalesTill({ products, isLoading, isError, onRetry, retrying, till, receiptContact }: SalesTillProps) {
  const [search, setSearch] = useState('');
  const [scanMiss, setScanMiss] = useState<string | null>(null);
  const [cartOpen, setCartOpen] = useState(false);
  const [lastSale, setLastSale] = useState<Sale | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const cart = useCart();
  const all = useMemo(() => products ?? [], [products]);
  const productsById = useMemo(() => new Map(all.map((product) => [product.id, product])), [all]);
  // Typing stays instant with thousands of products: the list follows a step behind, and only a page
  // of it is drawn at a time.
  const deferredSearch = useDeferredValue(search);
  const matches = useMemo(() => searchTill(all, deferredSearch), [all, deferredSearch]);
  const [shownCount, setShownCount] = useState(TILL_PAGE_SIZE);
  useEffect(() => setShownCount(TILL_PAGE_SIZE), [deferredSearch]);
  const groups = useMemo(() => groupByCategory(firstByCategory(matches, shownCount)), [matches, shownCount]);
  // Lives here, not in the dialog, so a sale finishing after the slip was closed still clears the cart.
  const checkout = useCheckout(
    cart,
    productsById,
    (recorded) => {
      setCartOpen(false);
      setLastSale(recorded ?? null);
    },
    till,
  );
  const quantityInCart = (productId: string) => cart.lines.find((line) => line.productId === productId)?.quantity ?? 0;

  // Shortcuts for a cashier's hands on the keyboard: F7 pays in cash (opens the slip), F9 or
  // Ctrl+Enter confirms the sale in the slip. F8 is left to the toasts (it focuses the notification area).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F7') {
        event.preventDefault();
        // Another dialog (Add Product, a confirmation) has the keyboard: the slip does not open over it.
        if (cart.lines.length === 0 || (!cartOpen && anotherDialogOpen())) return;
        cart.setPaymentMethod('cash');
        setCartOpen(true);
      } else if (cartOpen && (event.key === 'F9' || (event.key === 'Enter' && (event.ctrlKey || event.metaKey)))) {
        event.preventDefault();
        checkout.confirm();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

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
      {lastSale && <LastSaleReceipt sale={lastSale} contact={receiptContact} />}
      {/* Sticky under the mobile header: the cart stays one tap away however far the list scrolls. */}
      <Card className="sticky top-[61px] z-10 flex flex-col gap-3 p-4 shadow-sm sm:flex-row sm:items-center md:static md:shadow-none">
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
          {!till.online && (
            // Kept in the sticky bar so a cashier far down the list still sees it (the full note is above).
            <p className="mt-1 text-xs font-medium text-amber-900 md:hidden">
              Offline · {till.waiting} waiting to sync
            </p>
          )}
          <p className="mt-1 hidden text-xs text-slate-600 sm:block" data-testid="till-shortcuts">
            Shortcuts: <kbd className="font-mono">F7</kbd> pay in cash · <kbd className="font-mono">F9</kbd> confirm
            sale
          </p>
        </form>
        <div className="grid grid-cols-2 gap-2 sm:flex">
          <Button onClick={() => setCartOpen(true)} data-testid="view-cart-button" aria-keyshortcuts="F7">
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
        <LoadFailed
          message="Products could not be loaded."
          onRetry={onRetry}
          retrying={retrying}
          testId="till-load-failed"
        />
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
      {matches.length > shownCount && (
        <div className="flex flex-col items-center gap-2 py-2 text-sm text-slate-600">
          <p data-testid="till-shown-count">
            Showing {shownCount} of {matches.length} products: search to narrow the list.
          </p>
          <Button
            variant="outline"
            onClick={() => setShownCount((count) => count + TILL_PAGE_SIZE)}
            data-testid="till-show-more"
          >
            Show more products
          </Button>
        </div>
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

/** How many products the till draws at a time: enough to browse, few enough to stay fast at 5,000. */
const TILL_PAGE_SIZE = 60;

/** The first `count` matches in the order the till shows them (category, then name). */
function firstByCategory(products: readonly Product[], count: number): Product[] {
  if (products.length <= count) return [...products];
  return groupByCategory(products)
    .flatMap((group) => group.products)
    .slice(0, count);
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');
