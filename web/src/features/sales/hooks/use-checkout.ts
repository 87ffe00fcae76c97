import { useState } from 'react';
import type { CreateSaleInput, Product, Sale } from '@shop/contracts';
import { toast, toastError, toastFailure } from '@/components/toast/use-toast';
import { ApiError } from '@/lib/api-client';
import { serverNow } from '@/lib/server-clock';
import { hundredthsToPercent } from '@shop/contracts';
import { useCreateSale } from '../api/create-sale';
import { offlinePayload, queueSale } from '../offline/sale-queue';
import { cartTotals } from '../utils/cart-math';
import type { Cart } from './use-cart';

/** What the till needs to take a sale without the server. */
export type OfflineTill = {
  online: boolean;
  catalogAsOf: string | null;
  /** Server time minus this browser's (ms): the time of sale is stamped in server time. */
  clockOffsetMs: number;
  sellerName: string;
  waiting: number;
};

const INSUFFICIENT_STOCK = 'Insufficient stock';

export const insufficientStockToast = (units: number, productName: string) =>
  toastError(`Only ${Math.max(units, 0)} units available for ${productName}`, INSUFFICIENT_STOCK);

/** Confirming the cart: stock check, one POST /api/sales, then clear on success or keep on failure. */
export function useCheckout(
  cart: Cart,
  productsById: ReadonlyMap<string, Product>,
  /** After a sale: the recorded sale when the server took it, nothing when it was kept offline. */
  onCompleted: (recorded?: Sale) => void,
  till: OfflineTill,
) {
  const createSale = useCreateSale();
  const [queueing, setQueueing] = useState(false);

  // Offline: the sale is written to IndexedDB first; only then is it done for the cashier.
  const keepOffline = async (sale: CreateSaleInput, lineCount: number) => {
    if (!till.catalogAsOf) {
      toastError('This till has no catalogue saved yet: connect once to load it.');
      return;
    }
    const priceOf = (productId: string) => productsById.get(productId)?.price ?? '0';
    const payload = offlinePayload(
      { ...sale, items: sale.items.map((item) => ({ ...item, unitPrice: priceOf(item.productId) })) },
      { soldAt: serverNow(till.clockOffsetMs), catalogAsOf: till.catalogAsOf, sellerName: till.sellerName },
    );
    const { total } = cartTotals(cart.lines, (line) => priceOf(line.productId), cart.discountHundredths);
    setQueueing(true);
    try {
      await queueSale(
        payload,
        total,
        sale.items.map((item) => productsById.get(item.productId)?.name ?? 'Unknown Product'),
      );
    } catch {
      toastError('The sale could not be saved on this till. Please try again.');
      return;
    } finally {
      setQueueing(false);
    }
    toast({
      title: 'Sale saved offline',
      description: `${lineCount} item(s); it will be sent when the connection returns`,
    });
    cart.clear();
    onCompleted();
  };

  const confirm = () => {
    if (cart.lines.length === 0 || cart.paymentMethod !== 'cash' || createSale.isPending || queueing) return;
    // A retry of the same cart skips this check: if the lost attempt did go through, the stock shown
    // already includes it, and only the server (which answers the recorded sale again) can tell.
    if (!cart.isRetry()) {
      for (const line of cart.lines) {
        const available = productsById.get(line.productId)?.currentStock ?? 0;
        if (line.quantity > available) {
          insufficientStockToast(available, line.name);
          return;
        }
      }
    }
    const lineCount = cart.lines.length;
    const sale: CreateSaleInput = {
      saleId: cart.saleIdFor(),
      items: cart.lines.map(({ productId, quantity }) => ({ productId, quantity })),
      discountPercentage: hundredthsToPercent(cart.discountHundredths),
      notes: cart.notes.trim() || null,
      paymentMethod: 'cash',
    };
    if (!till.online) {
      void keepOffline(sale, lineCount);
      return;
    }
    createSale.mutate(sale, {
      onSuccess: (recorded) => {
        toast({ title: 'Sale completed', description: `Successfully processed ${lineCount} item(s)` });
        cart.clear();
        onCompleted(recorded);
      },
      onError: (error) => {
        // The cart stays as it is (and keeps its saleId) so the same sale can be retried.
        // No answer at all (the connection dropped mid-sale): keep it offline; the same saleId makes
        // it harmless if the server did record it.
        if (!(error instanceof ApiError)) {
          void keepOffline(sale, lineCount);
        } else {
          // A titled answer is the spec's own toast ('Insufficient stock', 'Invalid discount').
          toastFailure(error, 'Failed to process sale. Please try again.');
        }
      },
    });
  };

  return { confirm, isPending: createSale.isPending || queueing };
}
