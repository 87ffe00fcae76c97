import type { DomainEventOf } from '@shop/contracts';
import type { Decider } from '../shared/decider';
import { conflict, notFound, validationError } from '../shared/domain-error';
import { requireStockCountWithinLimit } from '../shared/limit-checks';
import { decideProduct, evolveProduct, productDecider, requireLive, type ProductState } from './product.decider';

/** "We counted N on the shelf": the ledger records the difference, never overwrites the stock. */
export interface TakeStock {
  readonly type: 'TakeStock';
  readonly productId: string;
  readonly stocktakeId: string;
  /** Id of the adjustment movement, used only when the count differs. */
  readonly movementId: string;
  readonly countedQuantity: number;
  readonly sellerName: string;
  /** Why the count differs (damaged, miscounted delivery...): kept on the adjustment. */
  readonly notes: string | null;
}

type Adjustment = DomainEventOf<'StockReceived' | 'StockIssued'>;

/**
 * Decided against the stream as committed, so a movement racing the count is taken into account
 * (the write retries): the adjustment always brings the stock to exactly the counted quantity.
 * Adjustments are valued at the catalogue price; the cost in force is left alone (costPrice null).
 */
export function decideStocktake(command: TakeStock, state: ProductState): Adjustment[] {
  const product = requireLive(state);
  if (!Number.isInteger(command.countedQuantity) || command.countedQuantity < 0) {
    throw validationError('Counted quantity must be a whole number of 0 or more');
  }
  requireStockCountWithinLimit('Counted quantity', command.countedQuantity);
  const difference = command.countedQuantity - product.stock;
  if (difference === 0) return [];
  const stocktake = {
    stocktakeId: command.stocktakeId,
    expectedQuantity: product.stock,
    countedQuantity: command.countedQuantity,
  };
  const common = {
    productId: command.productId,
    movementId: command.movementId,
    quantity: Math.abs(difference),
    reason: 'adjustment' as const,
    unitPrice: product.price,
    sellerName: command.sellerName,
    notes: command.notes,
    saleId: null,
  };
  const [event] =
    difference > 0
      ? decideProduct({ type: 'ReceiveStock', ...common, costPrice: null }, state)
      : decideProduct({ type: 'IssueStock', ...common, discountPercentage: '0' }, state);
  if (!event || (event.type !== 'StockReceived' && event.type !== 'StockIssued')) {
    throw new Error('A stock adjustment must yield one movement');
  }
  return [{ ...event, data: { ...event.data, stocktake } } as Adjustment];
}

export const stocktakeDecider: Decider<TakeStock, ProductState, Adjustment> = {
  initialState: productDecider.initialState,
  decide: decideStocktake,
  evolve: evolveProduct,
};

/**
 * One line of a count sheet: the same decision, with refusals that name the product, since a sheet
 * holds many and the whole sheet is refused when one line is.
 */
export function decideStocktakeLine(command: TakeStock, state: ProductState): Adjustment[] {
  if (state.status === 'absent') throw notFound(`Product ${command.productId} not found`);
  if (state.status === 'deleted') throw conflict(`${state.name} has been deleted: take it off the count sheet`);
  return decideStocktake(command, state);
}

export const stocktakeLineDecider: Decider<TakeStock, ProductState, Adjustment> = {
  ...stocktakeDecider,
  decide: decideStocktakeLine,
};
