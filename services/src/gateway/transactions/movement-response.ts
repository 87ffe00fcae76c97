import type { DomainEvent, Transaction } from '@shop/contracts';
import { transactionFromEvent, type MovementEvent } from '@shop/projections';
import type { ProductState } from '@shop/domain';

export const isMovementEvent = (event: DomainEvent): event is MovementEvent =>
  event.type === 'StockReceived' || event.type === 'StockIssued';

/**
 * The movement a write just recorded, as GET /api/transactions shows it, from the write's own events
 * and the product's state after it (its name and SKU): a recorded write answers with it even while
 * the read models lag or are halted. Null when the write recorded no movement.
 */
export function movementFromWrite(
  events: readonly DomainEvent[],
  at: string,
  product: ProductState,
): Transaction | null {
  const movement = events.find(isMovementEvent);
  if (!movement) return null;
  return transactionFromEvent(movement, at, product.status === 'absent' ? null : product);
}
