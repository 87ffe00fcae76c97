import type { DomainEventOf, Transaction } from '@shop/contracts';
import { toTransactionResponse, type TransactionRow } from './list-transactions.query';

export type MovementEvent = DomainEventOf<'StockReceived' | 'StockIssued'>;

/**
 * The movement as GET /api/transactions will show it, built from its own event instead of the read
 * model: a write answers with what it recorded even while the transactions projection lags or is
 * halted. Same row shape and formatting as the projection (transactions.projection.ts), so the two agree.
 */
export function transactionFromEvent(
  event: MovementEvent,
  at: string,
  product: { readonly name: string; readonly sku: string } | null,
): Transaction {
  const { data } = event;
  const out = event.type === 'StockIssued' ? event.data : null;
  const row: TransactionRow = {
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
  return toTransactionResponse(row);
}
