import { useId } from 'react';
import { ShoppingCart } from 'lucide-react';
import { stockStatus, type Product } from '@shop/contracts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { MediaThumbnail } from '@/components/media/media-thumbnail';
import { formatMoney } from '@/utils/format';

type TillProductCardProps = { product: Product; inCart: number; onAdd: (product: Product) => void };

export function TillProductCard({ product, inCart, onAdd }: TillProductCardProps) {
  const nameId = useId();
  const status = stockStatus(product);
  const isOut = status === 'Out of Stock';
  // Spec: plus is disabled at the available stock; the card's add button follows the same rule.
  const allInCart = !isOut && inCart >= product.currentStock;

  return (
    <Card
      data-testid="product-tile"
      data-sku={product.sku}
      data-product-id={product.id}
      className="flex flex-col gap-3 p-4"
    >
      <div className="flex gap-3">
        <MediaThumbnail path={product.images[0]} alt={product.name} className="h-16 w-16 shrink-0" />
        <div className="min-w-0 flex-1">
          {/* Two lines at most, cut with an ellipsis (the whole name in the title): a name with no space
              breaks anywhere, or it would run past the card on one line with nothing to show it is cut. */}
          <h3 id={nameId} className="line-clamp-2 font-semibold wrap-anywhere text-slate-900" title={product.name}>
            {product.name}
          </h3>
          <p className="font-mono text-xs wrap-anywhere text-slate-500">{product.sku}</p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        <Badge tone={isOut ? 'danger' : 'neutral'} data-testid="tile-stock">
          {isOut ? 'No stock' : `${product.currentStock} in stock`}
        </Badge>
        {status === 'Low Stock' && (
          <Badge tone="warning" data-testid="low-stock-badge">
            Low Stock
          </Badge>
        )}
        {inCart > 0 && (
          <Badge tone="brand" data-testid="tile-in-cart">
            {inCart} in cart
          </Badge>
        )}
      </div>
      <div className="mt-auto flex items-center justify-between gap-2">
        <p data-testid="tile-price" className="text-lg font-semibold text-slate-900 tabular-nums">
          {formatMoney(product.price)}
        </p>
        <Button
          size="sm"
          variant={isOut ? 'secondary' : 'primary'}
          disabled={isOut || allInCart}
          onClick={() => onAdd(product)}
          aria-describedby={nameId}
          title={allInCart ? `All ${product.currentStock} in stock are in the cart` : undefined}
          data-testid="add-to-cart"
        >
          {isOut ? (
            'Out of Stock'
          ) : (
            <>
              <ShoppingCart className="h-4 w-4" aria-hidden="true" />
              Add to Cart
            </>
          )}
        </Button>
      </div>
    </Card>
  );
}
