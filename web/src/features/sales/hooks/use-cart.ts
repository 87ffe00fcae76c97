import { useCallback, useRef, useState } from 'react';
import { newCashSaleId, type PaymentMethod, type Product } from '@shop/contracts';
import { cartFingerprint, type CartLine } from '../utils/cart-math';

type CartState = {
  lines: CartLine[];
  discountHundredths: bigint;
  notes: string;
  paymentMethod: PaymentMethod | null;
};

const emptyCart = (): CartState => ({ lines: [], discountHundredths: 0n, notes: '', paymentMethod: null });

/** Result of adding a product: whether it went in, or what stopped it. */
export type AddResult = 'added' | 'out-of-stock' | 'at-stock-limit';

/**
 * The till's cart: lines, discount, notes and payment method. `available` is always the product's
 * current stock as the catalogue reports it now, so limits follow the latest data.
 */
export function useCart() {
  const [cart, setCart] = useState<CartState>(emptyCart);
  // The id of the sale being confirmed, tied to the exact cart it was made for (see saleIdFor).
  const pendingSale = useRef<{ saleId: string; fingerprint: string } | null>(null);

  const setLines = useCallback((update: (lines: CartLine[]) => CartLine[]) => {
    setCart((current) => ({ ...current, lines: update(current.lines) }));
  }, []);

  /** Adds one unit, or a first line; refuses beyond the stock available. */
  const add = (product: Product, available: number): AddResult => {
    if (available <= 0) return 'out-of-stock';
    const existing = cart.lines.find((line) => line.productId === product.id);
    if (existing && existing.quantity >= available) return 'at-stock-limit';
    setLines((lines) =>
      lines.some((line) => line.productId === product.id)
        ? lines.map((line) => (line.productId === product.id ? { ...line, quantity: line.quantity + 1 } : line))
        : [
            ...lines,
            { productId: product.id, name: product.name, sku: product.sku, price: product.price, quantity: 1 },
          ],
    );
    return 'added';
  };

  /** A quantity of 0 or below removes the line. */
  const setQuantity = (productId: string, quantity: number) =>
    setLines((lines) =>
      quantity <= 0
        ? lines.filter((line) => line.productId !== productId)
        : lines.map((line) => (line.productId === productId ? { ...line, quantity } : line)),
    );

  const changeQuantity = (productId: string, delta: number) => {
    const line = cart.lines.find((candidate) => candidate.productId === productId);
    if (line) setQuantity(productId, line.quantity + delta);
  };

  const remove = (productId: string) => setLines((lines) => lines.filter((line) => line.productId !== productId));

  const setDiscount = (discountHundredths: bigint) => setCart((current) => ({ ...current, discountHundredths }));
  const setNotes = (notes: string) => setCart((current) => ({ ...current, notes }));
  const setPaymentMethod = (paymentMethod: PaymentMethod | null) =>
    setCart((current) => ({ ...current, paymentMethod }));

  /** Empties everything: lines, discount, notes, payment method and the pending sale id. */
  const clear = () => {
    pendingSale.current = null;
    setCart(emptyCart());
  };

  /** True when this exact cart was already posted once without a clear answer (a retry). */
  const isRetry = (): boolean =>
    pendingSale.current?.fingerprint === cartFingerprint(cart.lines, cart.discountHundredths, cart.notes);

  /**
   * The saleId to post: made when this cart is first confirmed and reused for every retry of the
   * same cart, so a sale whose response was lost is not sold twice. A changed cart is a new sale.
   */
  const saleIdFor = (): string => {
    const fingerprint = cartFingerprint(cart.lines, cart.discountHundredths, cart.notes);
    if (pendingSale.current?.fingerprint !== fingerprint) {
      pendingSale.current = { saleId: newCashSaleId(), fingerprint };
    }
    return pendingSale.current.saleId;
  };

  return {
    ...cart,
    add,
    setQuantity,
    changeQuantity,
    remove,
    setDiscount,
    setNotes,
    setPaymentMethod,
    clear,
    isRetry,
    saleIdFor,
  };
}

export type Cart = ReturnType<typeof useCart>;
