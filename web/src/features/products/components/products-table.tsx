import { useEffect, useRef, type ReactNode } from 'react';
import { PackageSearch, Trash } from 'lucide-react';
import type { Product } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { EmptyState } from '@/components/feedback/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { StockStatusBadge } from '@/components/stock-status-badge';
import { toastError, toastSuccess } from '@/components/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/utils/cn';
import { formatMoney, stockValue } from '@/utils/format';
import { useDeleteProduct } from '../api/delete-product';

const headings = ['Product', 'SKU', 'Category', 'Price', 'Stock', 'Status', 'Value', 'Actions'] as const;

/*
 * Below md (768 px) each row becomes a card: a two-column grid of labelled cells (the label is CSS
 * generated from data-label, so a cell's text stays its value), nothing scrolls sideways. Explicit
 * roles keep the table semantics that display:grid would otherwise drop.
 */
const cell = 'px-3 py-3 max-md:p-0';
const labelled =
  'max-md:before:block max-md:before:text-xs max-md:before:font-normal max-md:before:text-slate-600 max-md:before:content-[attr(data-label)]';

/** A SKU (up to 100 characters) wraps rather than widen the table: Status and Value would slide under Actions. */
const skuCell = 'font-mono text-xs break-all text-slate-600';

/** From md up, Actions (History, Delete) stay in view at the right edge while the table scrolls under them. */
const stickyActions = 'md:sticky md:right-0 md:shadow-[-8px_0_8px_-8px_rgba(15,23,42,0.15)]';

type ProductsTableProps = {
  products: readonly Product[];
  emptyText: string;
  /** Extra row actions composed in by the page (e.g. product history), shown before Delete. */
  rowActions?: (product: Product) => ReactNode;
  /** Where the keyboard focus goes when a delete from the keyboard leaves no row (the search box). */
  onEmptied?: () => void;
};

export function ProductsTable({ products, emptyText, rowActions, onEmptied }: ProductsTableProps) {
  const deleteProduct = useDeleteProduct();
  const body = useRef<HTMLTableSectionElement>(null);
  // A delete pressed from the keyboard: its button goes with the row, and the focus would fall to
  // <body>. Once the row is gone, the focus moves to the Delete button that took its place.
  const refocus = useRef<{ id: string; index: number } | null>(null);
  useEffect(() => {
    const pending = refocus.current;
    if (!pending || products.some((product) => product.id === pending.id)) return;
    refocus.current = null;
    const buttons = body.current?.querySelectorAll<HTMLButtonElement>('[data-testid="delete-product-button"]');
    const next = buttons?.[Math.min(pending.index, buttons.length - 1)];
    if (next) next.focus();
    else onEmptied?.();
  }, [products, onEmptied]);

  const onDelete = (product: Product, index: number, fromKeyboardFocus: boolean) => {
    if (!window.confirm(`Are you sure you want to delete "${product.name}"? This action cannot be undone.`)) return;
    refocus.current = fromKeyboardFocus ? { id: product.id, index } : null;
    deleteProduct.mutate(product.id, {
      onSuccess: () => toastSuccess('Product deleted successfully'),
      onError: (error) => toastError(errorMessage(error, 'Failed to delete product')),
    });
  };

  if (products.length === 0) return <EmptyState icon={PackageSearch}>{emptyText}</EmptyState>;

  return (
    <ScrollRegion label="Products table" className="max-md:overflow-visible">
      <table
        role="table"
        className="w-full text-left text-sm max-md:block md:min-w-[760px]"
        data-testid="products-table"
      >
        <thead
          role="rowgroup"
          className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase max-md:sr-only"
        >
          <tr role="row">
            {headings.map((heading) => (
              <th
                key={heading}
                role="columnheader"
                scope="col"
                className={
                  heading === 'Actions' ? cn('px-3 py-3 text-right', stickyActions, 'md:bg-slate-50') : 'px-3 py-3'
                }
              >
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody ref={body} role="rowgroup" className="divide-y divide-slate-100 max-md:block">
          {products.map((product, index) => {
            const deleting = deleteProduct.isPending && deleteProduct.variables === product.id;
            return (
              <tr
                key={product.id}
                role="row"
                data-testid="product-row"
                data-product-id={product.id}
                data-sku={product.sku}
                className="hover:bg-slate-50/60 max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-2 max-md:px-4 max-md:py-3"
              >
                <td role="cell" className={cn(cell, 'max-w-56 max-md:col-span-2 max-md:max-w-none')}>
                  <p
                    className="truncate font-medium text-slate-900 max-md:whitespace-normal max-md:break-words"
                    title={product.name}
                  >
                    {product.name}
                  </p>
                  {product.description && (
                    <p className="truncate text-xs text-slate-600" title={product.description}>
                      {product.description}
                    </p>
                  )}
                </td>
                <td role="cell" data-label="SKU" className={cn(cell, labelled, skuCell)}>
                  {product.sku}
                </td>
                <td role="cell" data-label="Category" className={cn(cell, labelled, 'text-slate-600')}>
                  {product.category}
                </td>
                <td role="cell" data-label="Price" className={cn(cell, labelled, 'text-slate-900')}>
                  {formatMoney(product.price)}
                </td>
                <td role="cell" data-label="Stock" className={cn(cell, labelled, 'text-slate-900')}>
                  {product.currentStock}
                </td>
                <td role="cell" data-label="Status" className={cn(cell, labelled)}>
                  <StockStatusBadge product={product} />
                </td>
                <td role="cell" data-label="Value" className={cn(cell, labelled, 'text-slate-900')}>
                  {formatMoney(stockValue(product.price, product.currentStock))}
                </td>
                <td
                  role="cell"
                  className={cn(
                    cell,
                    'text-right whitespace-nowrap max-md:col-span-2 max-md:flex max-md:justify-end max-md:gap-1',
                    stickyActions,
                    'md:bg-white',
                  )}
                >
                  {rowActions?.(product)}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${product.name}`}
                    data-testid="delete-product-button"
                    disabled={deleting}
                    onClick={(event) => onDelete(product, index, event.currentTarget === document.activeElement)}
                    className="text-red-600 hover:bg-red-50 hover:text-red-700"
                  >
                    {deleting ? <Spinner /> : <Trash className="h-4 w-4" aria-hidden="true" />}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
