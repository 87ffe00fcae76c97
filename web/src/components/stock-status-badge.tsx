import { stockStatus, type Product, type StockStatus } from '@shop/contracts';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<StockStatus, BadgeTone> = {
  'Out of Stock': 'danger',
  'Low Stock': 'warning',
  'In Stock': 'success',
};

export function StockStatusBadge({ product }: { product: Pick<Product, 'currentStock' | 'minStockLevel'> }) {
  const status = stockStatus(product);
  return (
    <Badge tone={tones[status]} data-testid="stock-status">
      {status}
    </Badge>
  );
}
