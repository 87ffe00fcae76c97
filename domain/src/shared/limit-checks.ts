import { LIMITS } from '@shop/contracts';
import { conflict, validationError } from './domain-error';
import { koboToAmount, multiplyAmount, toKobo } from '@shop/contracts';

/**
 * Refusals for what the read models could not store: a value computed from several inputs (a line's
 * total, a sale's total, the stock after a receipt) is checked here, where it is decided, because
 * each input alone passed the contract. A projection that cannot store a value halts on it.
 */

/** quantity × unit price must fit one amount column. */
export function requireLineTotalWithinLimit(quantity: number, unitPrice: string): void {
  const total = multiplyAmount(unitPrice, quantity);
  if (toKobo(total) > toKobo(LIMITS.maxLineTotal)) {
    throw validationError(`Total must be at most ${LIMITS.maxLineTotal}: ${quantity} × ${unitPrice} is ${total}`);
  }
}

/** A sale's or an order's total, summed over its lines, must fit one amount column. */
export function requireSaleTotalWithinLimit(totalKobo: bigint, what: 'sale' | 'order'): void {
  if (totalKobo > toKobo(LIMITS.maxSaleTotal)) {
    throw validationError(
      `The ${what} total must be at most ${LIMITS.maxSaleTotal}: this ${what} comes to ${koboToAmount(totalKobo)}`,
    );
  }
}

/** A stock count that a client states (opening stock, minimum level, a count on the shelf). */
export function requireStockCountWithinLimit(label: string, count: number): void {
  if (count > LIMITS.maxStockLevel) throw validationError(`${label} must be at most ${LIMITS.maxStockLevel}`);
}

/** Stock after a receipt depends on the stock already there: a conflict with the state, not bad input. */
export function requireStockAfterReceiptWithinLimit(productName: string, stock: number, received: number): void {
  if (stock + received > LIMITS.maxStockLevel) {
    throw conflict(
      `Stock of ${productName} must be at most ${LIMITS.maxStockLevel} units: ${stock} in stock, ${received} more would make ${stock + received}`,
    );
  }
}
