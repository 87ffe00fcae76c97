import { useMemo } from 'react';
import type { Product } from '@shop/contracts';
import { SalesTill } from '@/features/sales/components/sales-till';
import { TillOfflineStatus } from '@/features/sales/components/till-offline-status';
import { useTillCatalogue } from '@/features/sales/hooks/use-till-catalogue';
import { useTillQueue } from '@/features/sales/hooks/use-till-queue';
import { useProducts } from '@/features/products/api/get-products';
import { useContactInfo } from '@/features/settings/api/get-contact-info';
import { useSession } from '@/lib/session';
import { PageHeader } from '../layout/page-header';

export function SalesPage() {
  const products = useProducts();
  const catalogue = useTillCatalogue(products);
  const queue = useTillQueue();
  const { user } = useSession();
  // Receipts show the shop's contact details when a manager has set them (as on Transactions).
  const contactInfo = useContactInfo();
  // From the saved catalogue, the stock shown is what this till has not sold yet since it was saved.
  const shown = useMemo(
    () => (catalogue.fromCache ? lessQueued(catalogue.products, queue.sales) : catalogue.products),
    [catalogue.fromCache, catalogue.products, queue.sales],
  );
  return (
    <>
      <PageHeader title="Sales Till" subtitle="Sell products and take cash payments" />
      <TillOfflineStatus
        queue={queue}
        nameOf={(productId) => catalogue.products?.find((product) => product.id === productId)?.name}
      />
      <SalesTill
        products={shown}
        isLoading={!shown && (products.isPending || queue.online)}
        isError={!shown && products.isError}
        till={{
          online: queue.online,
          catalogAsOf: catalogue.asOf,
          sellerName: user?.username ?? '',
          waiting: queue.waiting,
        }}
        receiptContact={contactInfo.data ?? null}
      />
    </>
  );
}

function lessQueued(
  products: readonly Product[] | undefined,
  sales: ReturnType<typeof useTillQueue>['sales'],
): readonly Product[] | undefined {
  if (!products) return products;
  const sold = new Map<string, number>();
  for (const sale of sales)
    for (const item of sale.payload.items)
      sold.set(item.productId, (sold.get(item.productId) ?? 0) + Number(item.quantity));
  return products.map((product) =>
    sold.has(product.id) ? { ...product, currentStock: product.currentStock - (sold.get(product.id) ?? 0) } : product,
  );
}
