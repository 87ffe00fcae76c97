import type { ReactNode } from 'react';
import { PackageSearch, Trash } from 'lucide-react';
import type { Product } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/feedback/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { StockStatusBadge } from '@/components/stock-status-badge';
import { toastError, toastSuccess } from '@/components/toast/use-toast';
import { errorMessage } from '@/lib/api-client';
import { formatMoney, stockValue } from '@/utils/format';
import { useDeleteProduct } from '../api/delete-product';

const headings = ['Product', 'SKU', 'Category', 'Price', 'Stock', 'Status', 'Value', 'Actions'] as const;

type ProductsTableProps = {
  products: readonly Product[];
  emptyText: string;
  /** Extra row actions composed in by the page (e.g. product history), shown before Delete. */
  rowActions?: (product: Product) => ReactNode;
};

export function ProductsTable({ products, emptyText, rowActions }: ProductsTableProps) {
  const deleteProduct = useDeleteProduct();

  const onDelete = (product: Product) => {
    if (!window.confirm(`Are you sure you want to delete "${product.name}"? This action cannot be undone.`)) return;
    deleteProduct.mutate(product.id, {
      onSuccess: () => toastSuccess('Product deleted successfully'),
      onError: (error) => toastError(errorMessage(error, 'Failed to delete product')),
    });
  };

  if (products.length === 0) return <EmptyState icon={PackageSearch}>{emptyText}</EmptyState>;

  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[760px] text-left text-sm" data-testid="products-table">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-500 uppercase">
          <tr>
            {headings.map((heading) => (
              <th key={heading} scope="col" className={heading === 'Actions' ? 'px-3 py-3 text-right' : 'px-3 py-3'}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {products.map((product) => {
            const deleting = deleteProduct.isPending && deleteProduct.variables === product.id;
            return (
              <tr
                key={product.id}
                data-testid="product-row"
                data-product-id={product.id}
                data-sku={product.sku}
                className="hover:bg-slate-50/60"
              >
                <td className="max-w-56 px-3 py-3">
                  <p className="truncate font-medium text-slate-900">{product.name}</p>
                  {product.description && <p className="truncate text-xs text-slate-500">{product.description}</p>}
                </td>
                <td className="px-3 py-3 font-mono text-xs whitespace-nowrap text-slate-600">{product.sku}</td>
                <td className="px-3 py-3 text-slate-600">{product.category}</td>
                <td className="px-3 py-3 text-slate-900">{formatMoney(product.price)}</td>
                <td className="px-3 py-3 text-slate-900">{product.currentStock}</td>
                <td className="px-3 py-3">
                  <StockStatusBadge product={product} />
                </td>
                <td className="px-3 py-3 text-slate-900">
                  {formatMoney(stockValue(product.price, product.currentStock))}
                </td>
                <td className="px-3 py-3 text-right whitespace-nowrap">
                  {rowActions?.(product)}
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${product.name}`}
                    data-testid="delete-product-button"
                    disabled={deleting}
                    onClick={() => onDelete(product)}
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
    </div>
  );
}
