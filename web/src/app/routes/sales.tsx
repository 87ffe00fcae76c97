import { useMemo } from 'react';
import type { Product } from '@shop/contracts';
import { SalesTill } from '@/features/sales/components/sales-till';
import { TillOfflineStatus } from '@/features/sales/components/till-offline-status';
import { useTillCatalogue } from '@/features/sales/hooks/use-till-catalogue';
import { useTillQueue } from '@/features/sales/hooks/use-till-queue';
import { useProductCatalogue } from '@/features/products/api/get-products';
import { useContactInfo } from '@/features/settings/api/get-contact-info';
import { toBrowserTime } from '@/lib/server-clock';
import { useSession } from '@/lib/session';
import { PageHeader } from '../layout/page-header';

export function SalesPage() {
  const products = useProductCatalogue();
  const catalogue = useTillCatalogue(products);
  const queue = useTillQueue();
  const { user } = useSession();
  // Receipts show the shop's contact details when a manager has set them (as on Transactions).
  const contactInfo = useContactInfo();
  // The stock shown (and sold against) is the catalogue's less what this till sold that the catalogue
  // cannot know yet: every sale still in the queue, and those sent since the catalogue was fetched.
  // (A refused sale counts until a manager discards it: its goods left the shop.)
  const fetchedAt = catalogue.asOf ? toBrowserTime(catalogue.asOf, catalogue.clockOffsetMs) : 0;
  const shown = useMemo(
    () => lessQueued(catalogue.products, fetchedAt, queue.sales, queue.sent),
    [catalogue.products, fetchedAt, queue.sales, queue.sent],
  );
  return (
    <>
      <PageHeader title="Sales Till" subtitle="Sell products and take cash payments" />
      <TillOfflineStatus
        queue={queue}
        canDiscard={user?.role === 'manager'}
        nameOf={(productId) => catalogue.products?.find((product) => product.id === productId)?.name}
      />
      <SalesTill
        products={shown}
        // Online, an answer is on its way (or the kept catalogue is being read) until the call fails.
        isLoading={!shown && !products.isError && (products.isPending || queue.online)}
        isError={!shown && products.isError}
        onRetry={() => void products.refetch()}
        retrying={products.isFetching}
        till={{
          online: queue.online,
          catalogAsOf: catalogue.asOf,
          clockOffsetMs: catalogue.clockOffsetMs,
          sellerName: user?.username ?? '',
          waiting: queue.waiting,
        }}
        receiptContact={contactInfo.data ?? null}
      />
    </>
  );
}

type TillQueue = ReturnType<typeof useTillQueue>;

function lessQueued(
  products: readonly Product[] | undefined,
  /** When the catalogue was fetched, on this browser's clock (as the sent sales' `sentAt`). */
  fetchedAt: number,
  queued: TillQueue['sales'],
  sent: TillQueue['sent'],
): readonly Product[] | undefined {
  if (!products) return products;
  const notYetCounted = [...queued, ...sent.filter((entry) => entry.sentAt >= fetchedAt).map((entry) => entry.sale)];
  if (notYetCounted.length === 0) return products;
  const sold = new Map<string, number>();
  for (const sale of notYetCounted)
    for (const item of sale.payload.items)
      sold.set(item.productId, (sold.get(item.productId) ?? 0) + Number(item.quantity));
  return products.map((product) =>
    sold.has(product.id) ? { ...product, currentStock: product.currentStock - (sold.get(product.id) ?? 0) } : product,
  );
}
