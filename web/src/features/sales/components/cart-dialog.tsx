import { ShoppingCart } from 'lucide-react';
import { clipChars, SALE_NOTES_MAX, type Product } from '@shop/contracts';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { EmptyState } from '@/components/feedback/empty-state';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { Cart } from '../hooks/use-cart';
import { cartTotals, type CartLine } from '../utils/cart-math';
import { CartLineItem } from './cart-line-item';
import { CartTotalsView } from './cart-totals-view';
import { DiscountControl } from './discount-control';
import { PaymentMethodPicker } from './payment-method-picker';

type CartDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  cart: Cart;
  productsById: ReadonlyMap<string, Product>;
  onConfirm: () => void;
  isPending: boolean;
  /** Focus after the slip closes (the till's search, ready for the next scan). */
  onCloseAutoFocus?: (event: Event) => void;
};

/** The 'Transaction Slip': lines, notes, discount, totals, payment method and confirm. */
export function CartDialog({
  open,
  onOpenChange,
  cart,
  productsById,
  onConfirm,
  isPending,
  onCloseAutoFocus,
}: CartDialogProps) {
  const priceOf = (line: CartLine) => productsById.get(line.productId)?.price ?? line.price;
  const totals = cartTotals(cart.lines, priceOf, cart.discountHundredths);
  const isEmpty = cart.lines.length === 0;

  return (
    // While the sale posts, the slip stays open so its outcome is seen.
    <Dialog open={open} onOpenChange={(next) => (isPending ? undefined : onOpenChange(next))}>
      <DialogContent data-testid="cart-dialog" className="max-w-2xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Transaction Slip</DialogTitle>
          <DialogDescription>Review the items, apply a discount and take payment.</DialogDescription>
        </DialogHeader>

        {isEmpty ? (
          <EmptyState icon={ShoppingCart} testId="cart-empty">
            Your cart is empty. Add products to start a sale.
          </EmptyState>
        ) : (
          <div className="space-y-5">
            <ul className="divide-y divide-slate-100 border-y border-slate-100" aria-label="Items in cart">
              {cart.lines.map((line) => (
                <CartLineItem
                  key={line.productId}
                  line={line}
                  price={priceOf(line)}
                  available={productsById.get(line.productId)?.currentStock ?? 0}
                  onQuantity={(quantity) => cart.setQuantity(line.productId, quantity)}
                  onRemove={() => cart.remove(line.productId)}
                />
              ))}
            </ul>

            <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <div className="space-y-1.5">
                <label htmlFor="cart-notes" className="block text-sm font-medium text-slate-700">
                  Transaction Notes <span className="font-normal text-slate-500">(optional)</span>
                </label>
                <Textarea
                  id="cart-notes"
                  rows={3}
                  placeholder="Add notes about this sale"
                  value={cart.notes}
                  // Clipped in characters as the server counts them (an HTML maxLength counts UTF-16 units).
                  onChange={(event) => cart.setNotes(clipChars(event.target.value, SALE_NOTES_MAX))}
                  disabled={isPending}
                  data-testid="cart-notes"
                />
              </div>
              <div className="space-y-4">
                <DiscountControl applied={cart.discountHundredths} onApply={cart.setDiscount} disabled={isPending} />
              </div>
            </div>

            <CartTotalsView totals={totals} discountHundredths={cart.discountHundredths} />
            <PaymentMethodPicker value={cart.paymentMethod} onChange={cart.setPaymentMethod} disabled={isPending} />
          </div>
        )}

        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={isPending}>
            Continue Shopping
          </Button>
          <Button
            onClick={onConfirm}
            disabled={isEmpty || cart.paymentMethod !== 'cash' || isPending}
            aria-describedby={!isEmpty && cart.paymentMethod !== 'cash' ? 'confirm-sale-hint' : undefined}
            data-testid="confirm-sale"
            aria-keyshortcuts="F9 Control+Enter"
          >
            {isPending ? (
              <>
                <Spinner />
                Processing...
              </>
            ) : (
              'Confirm Sale'
            )}
          </Button>
        </DialogFooter>
        {!isEmpty && cart.paymentMethod !== 'cash' && (
          <p id="confirm-sale-hint" className="mt-2 text-right text-xs text-slate-500">
            Choose a payment method to confirm the sale.
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
