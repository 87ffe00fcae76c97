import type { DomainEventOf, Transaction } from '@shop/contracts';
import { toTransactionResponse, type TransactionRow } from './list-transactions.query';

export type MovementEvent = DomainEventOf<'StockReceived' | 'StockIssued'>;

/**
 * The transactions row of one movement: what the projection stores, and what a write answers with
 * (built from its own event, so it shows what it recorded even while the projection lags or is halted).
 * One object literal of one shape for both directions: a rebuild builds ~100k of these.
 */
export function transactionRow(
  event: MovementEvent,
  at: string,
  product: { readonly name: string; readonly sku: string } | null | undefined,
): TransactionRow {
  const { data } = event;
  // A receipt has no discount: the full value is the original total.
  const out = event.type === 'StockIssued' ? event.data : null;
  return {
    id: data.movementId,
    sale_id: data.saleId,
    product_id: data.productId,
    product_name: product?.name ?? null,
    product_sku: product?.sku ?? null,
    type: out ? 'out' : 'in',
    quantity: data.quantity,
    unit_price: data.unitPrice,
    cost_price: data.costPrice,
    total_value: data.totalValue,
    reason: data.reason,
    seller_name: data.sellerName,
    discount_percentage: out ? out.discountPercentage : '0.00',
    discount_amount: out ? out.discountAmount : '0.00',
    original_total: out ? out.originalTotal : data.totalValue,
    notes: data.notes,
    created_at: at,
  };
}

/** The movement as GET /api/transactions will show it, from its own event instead of the read model. */
export function transactionFromEvent(
  event: MovementEvent,
  at: string,
  product: { readonly name: string; readonly sku: string } | null,
): Transaction {
  return toTransactionResponse(transactionRow(event, at, product));
}
