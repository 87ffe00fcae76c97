import type { Product } from '@shop/contracts';
import { toast, toastError } from '@/components/toast/use-toast';
import { ApiError } from '@/lib/api-client';
import { hundredthsToPercent } from '@/utils/money';
import { useCreateSale } from '../api/create-sale';
import type { Cart } from './use-cart';

const INSUFFICIENT_STOCK = 'Insufficient stock';

export const insufficientStockToast = (units: number, productName: string) =>
  toastError(`Only ${units} units available for ${productName}`, INSUFFICIENT_STOCK);

/** Confirming the cart: stock check, one POST /api/sales, then clear on success or keep on failure. */
export function useCheckout(cart: Cart, productsById: ReadonlyMap<string, Product>, onCompleted: () => void) {
  const createSale = useCreateSale();

  const confirm = () => {
    if (cart.lines.length === 0 || cart.paymentMethod !== 'cash' || createSale.isPending) return;
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
    createSale.mutate(
      {
        saleId: cart.saleIdFor(),
        items: cart.lines.map(({ productId, quantity }) => ({ productId, quantity })),
        discountPercentage: hundredthsToPercent(cart.discountHundredths),
        notes: cart.notes.trim() || null,
        paymentMethod: 'cash',
      },
      {
        onSuccess: () => {
          toast({ title: 'Sale completed', description: `Successfully processed ${lineCount} item(s)` });
          cart.clear();
          onCompleted();
        },
        onError: (error) => {
          // The cart stays as it is (and keeps its saleId) so the same sale can be retried.
          if (error instanceof ApiError && error.status === 409 && error.serverTitle === INSUFFICIENT_STOCK) {
            toastError(error.serverMessage ?? 'Not enough stock for this sale', INSUFFICIENT_STOCK);
          } else {
            toastError('Failed to process sale. Please try again.');
          }
        },
      },
    );
  };

  return { confirm, isPending: createSale.isPending };
}
