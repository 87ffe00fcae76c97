import { MESSAGES, type DomainEvent, type DomainEventOf, type ReversedMovement } from '@shop/contracts';
import type { Decider } from '../shared/decider';
import { conflict, notFound } from '../shared/domain-error';
import { requireStockAfterReceiptWithinLimit } from '../shared/limit-checks';
import { evolveProduct, productDecider, requireLive, type ProductState } from './product.decider';

/** Undo a movement recorded by mistake with a compensating one; the original stays in the ledger. */
export interface ReverseMovement {
  readonly type: 'ReverseMovement';
  readonly productId: string;
  /** Id of the compensating movement. */
  readonly movementId: string;
  readonly reversedMovementId: string;
  /** When the original was recorded (its event metadata): reports book the reversal on that date. */
  readonly reversedAt: string;
  readonly sellerName: string;
  readonly notes: string | null;
}

type Original = Omit<ReversedMovement, 'at'> & { readonly isReversal: boolean };

export interface ReversalState {
  readonly product: ProductState;
  readonly original: Original | null;
  /** Movement id of an earlier reversal of the original, if any. */
  readonly reversedBy: string | null;
}

type Compensation = DomainEventOf<'StockReceived' | 'StockIssued'>;

function summarise(event: Compensation): Original {
  const { data } = event;
  const common = {
    movementId: data.movementId,
    quantity: data.quantity,
    reason: data.reason,
    sellerName: data.sellerName,
    saleId: data.saleId,
    unitPrice: data.unitPrice,
    costPrice: data.costPrice,
    totalValue: data.totalValue,
    isReversal: data.reverses !== undefined,
  };
  return event.type === 'StockReceived'
    ? { ...common, type: 'in', originalTotal: data.totalValue, discountAmount: '0.00' }
    : { ...common, type: 'out', originalTotal: event.data.originalTotal, discountAmount: event.data.discountAmount };
}

/**
 * What a compensating movement records of `state`'s original: null when there is no original, it is
 * a reversal itself or it has been reversed already (an online order's return skips such a line).
 */
export function reversibleOriginal(state: ReversalState, at: string): ReversedMovement | null {
  const original = state.original;
  if (!original || original.isReversal || state.reversedBy) return null;
  const { isReversal: _, ...copied } = original;
  return { ...copied, at };
}

export function decideReversal(command: ReverseMovement, state: ReversalState): Compensation[] {
  const product = requireLive(state.product);
  const original = state.original;
  if (!original) throw notFound('Transaction not found');
  if (original.isReversal) throw conflict('This movement is a reversal itself and cannot be reversed');
  if (state.reversedBy) throw conflict('This movement has already been reversed');
  const reverses = reversibleOriginal(state, command.reversedAt)!;
  const common = {
    productId: command.productId,
    movementId: command.movementId,
    quantity: original.quantity,
    reason: 'adjustment' as const,
    unitPrice: original.unitPrice,
    totalValue: original.totalValue,
    sellerName: command.sellerName,
    notes: command.notes,
    // The sale keeps its own lines: the reference to it lives in `reverses`, not in the grouping id.
    saleId: null,
    reverses,
  };
  if (original.type === 'in') {
    if (original.quantity > product.stock) {
      throw conflict(MESSAGES.reversalBelowZero(product.name, product.stock));
    }
    return [
      {
        type: 'StockIssued',
        data: {
          ...common,
          costPrice: product.costPrice,
          originalTotal: original.totalValue,
          discountPercentage: '0.00',
          discountAmount: '0.00',
        },
      },
    ];
  }
  requireStockAfterReceiptWithinLimit(product.name, product.stock, original.quantity);
  // costPrice null: a compensating receipt must not change the cost in force.
  return [{ type: 'StockReceived', data: { ...common, costPrice: null } }];
}

/** A decider per reversal: it follows only the movement to reverse, so the fold stays O(stream) with no map. */
export function movementReversalDecider(
  reversedMovementId: string,
): Decider<ReverseMovement, ReversalState, Compensation> {
  return {
    initialState: () => ({ product: productDecider.initialState(), original: null, reversedBy: null }),
    decide: decideReversal,
    evolve: (state: ReversalState, event: DomainEvent): ReversalState => {
      const product = evolveProduct(state.product, event);
      if (event.type !== 'StockReceived' && event.type !== 'StockIssued') return { ...state, product };
      if (event.data.movementId === reversedMovementId) return { ...state, product, original: summarise(event) };
      if (event.data.reverses?.movementId === reversedMovementId)
        return { ...state, product, reversedBy: event.data.movementId };
      return { ...state, product };
    },
  };
}
