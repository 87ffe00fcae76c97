import type { ReactNode } from 'react';
import { PackageMinus, PackagePlus } from 'lucide-react';
import type { Product } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { MediaThumbnail } from '@/components/media/media-thumbnail';
import { StockStatusBadge } from '@/components/stock-status-badge';
import { formatMoney, stockValue } from '@/utils/format';
import type { StockType } from '../hooks/use-stock-form';

type InventoryProductCardProps = {
  product: Product;
  onStock: (type: StockType, productId: string) => void;
  /** Extra actions composed in by the page (e.g. product history). */
  actions?: ReactNode;
};

export function InventoryProductCard({ product, onStock, actions }: InventoryProductCardProps) {
  const facts = [
    { label: 'Price', value: formatMoney(product.price), testId: 'product-price' },
    { label: 'Current Stock', value: String(product.currentStock), testId: 'product-stock' },
    { label: 'Minimum Level', value: String(product.minStockLevel), testId: 'product-min-stock' },
    { label: 'Value', value: formatMoney(stockValue(product.price, product.currentStock)), testId: 'product-value' },
  ];

  return (
    <Card data-testid="product-card" data-product-id={product.id} data-sku={product.sku} className="flex flex-col p-5">
      {/* On a phone the status goes under the name, which then has the card's width to itself. */}
      <div className="grid grid-cols-[3.5rem_minmax(0,1fr)] items-start gap-x-3 gap-y-1 sm:grid-cols-[3.5rem_minmax(0,1fr)_auto]">
        <MediaThumbnail path={product.images[0]} alt={product.name} className="h-14 w-14 shrink-0 max-sm:row-span-2" />
        <div className="min-w-0">
          <h3 className="line-clamp-2 font-semibold break-words text-slate-900" title={product.name}>
            {product.name}
          </h3>
          <p className="font-mono text-xs wrap-anywhere text-slate-500">{product.sku}</p>
        </div>
        <div className="max-sm:col-start-2">
          <StockStatusBadge product={product} />
        </div>
      </div>
      <p className="mt-2 text-xs font-medium text-rose-700">{product.category}</p>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        {facts.map((fact) => (
          <div key={fact.label}>
            <dt className="text-xs text-slate-500">{fact.label}</dt>
            <dd data-testid={fact.testId} className="font-medium text-slate-900">
              {fact.value}
            </dd>
          </div>
        ))}
      </dl>
      {product.description && <p className="mt-3 line-clamp-2 text-sm text-slate-600">{product.description}</p>}
      <div className="mt-auto grid grid-cols-2 gap-2 pt-4">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onStock('in', product.id)}
          aria-label={`Stock In ${product.name}`}
        >
          <PackagePlus className="h-4 w-4 text-emerald-600" aria-hidden="true" />
          Stock In
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={() => onStock('out', product.id)}
          aria-label={`Stock Out ${product.name}`}
        >
          <PackageMinus className="h-4 w-4 text-rose-600" aria-hidden="true" />
          Stock Out
        </Button>
        {actions && <div className="col-span-2 flex justify-end">{actions}</div>}
      </div>
    </Card>
  );
}
