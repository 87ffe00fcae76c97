import {
  MESSAGES,
  canMoveOnlineOrder,
  type DomainEvent,
  type DomainEventOf,
  type OnlineOrderItem,
  type OnlineOrderStatus,
} from '@shop/contracts';
import { conflict, notFound } from '../shared/domain-error';
import { decideProduct, type ProductState } from '../product/product.decider';
import { reversibleOriginal, type ReversalState } from '../product/movement-reversal.decider';
import type { OnlineOrderState } from './online-order.decider';

export interface ChangeOnlineOrderStatus {
  readonly type: 'ChangeOnlineOrderStatus';
  readonly orderId: string;
  readonly status: OnlineOrderStatus;
  /** One new movement id per order item, used only when the move takes stock out or puts it back. */
  readonly movementIds: readonly string[];
  /** The staff member acting: recorded as the seller on the stock movements. */
  readonly sellerName: string;
  /**
   * Moving a served order back: per item, when its sale line (the newest of this order on the
   * product) was recorded, or null when the product has none. The return reverses that line.
   */
  readonly servedAt?: readonly (string | null)[];
  /**
   * The order's `moves` when the handler looked up its sale lines (servedAt and the products'
   * folds). A move back from served decided on an order that has moved since then would return the
   * wrong lines (or none, or no reversal): it is refused with OnlineOrderMovedMeanwhile instead.
   */
  readonly linesLookedUpAtMoves?: number;
}

/** The order moved after its sale lines were looked up: the caller looks them up again and decides again. */
export class OnlineOrderMovedMeanwhile extends Error {
  constructor(readonly orderId: string) {
    super(`Online order ${orderId} moved while its status change was being decided`);
    this.name = 'OnlineOrderMovedMeanwhile';
  }
}

/**
 * An item's product as the decision needs it: its state, and for a move back from served the
 * order's sale line on it (followed by movementReversalDecider), so a line already reversed by hand
 * is not returned twice.
 */
export type OrderItemStock = ProductState | ReversalState;

export interface OnlineOrderStatusDecision {
  readonly order: DomainEventOf<'OnlineOrderStatusChanged'>[];
  /** Stock movements per order item, in the order of the order's items. */
  readonly products: DomainEvent[][];
}

/**
 * Spec section 4: pending → processing | served; processing → pending | served; served → pending.
 * Serving takes every item out of stock (a sale at the order's price, grouped under the order
 * number) in the same atomic append as the status change, so it is all or nothing; moving a served
 * order back to pending returns the items. `products` are the states of the order's items' products.
 */
export function decideOnlineOrderStatus(
  command: ChangeOnlineOrderStatus,
  order: OnlineOrderState,
  items: readonly OrderItemStock[],
): OnlineOrderStatusDecision {
  const products = items.map((item) => ('product' in item ? item.product : item));
  const servedLines = items.map((item) => ('product' in item ? item : null));
  if (!order.placed) throw notFound(MESSAGES.orderNotFound);
  const from = order.status;
  const to = command.status;
  if (from === to) throw conflict(MESSAGES.orderStatusUnchanged(to));
  if (!canMoveOnlineOrder(from, to)) throw conflict(MESSAGES.orderStatusMove(from, to));
  // Only a move back from served uses the lines looked up: any other move decides on the streams alone.
  if (from === 'served' && command.linesLookedUpAtMoves !== undefined && command.linesLookedUpAtMoves !== order.moves)
    throw new OnlineOrderMovedMeanwhile(order.orderId);

  const changed: DomainEventOf<'OnlineOrderStatusChanged'> = {
    type: 'OnlineOrderStatusChanged',
    data: { orderId: order.orderId, orderNumber: order.orderNumber, from, to },
  };
  const stockMoves =
    to === 'served'
      ? order.items.map((item, index) => issue(command, order.orderNumber, item, index, products[index]))
      : from === 'served'
        ? order.items.map((item, index) =>
            giveBack(command, order.orderNumber, item, index, products[index], servedLines[index] ?? null),
          )
        : order.items.map(() => []);
  return { order: [changed], products: stockMoves };
}

function movementId(command: ChangeOnlineOrderStatus, index: number): string {
  const id = command.movementIds[index];
  if (!id) throw new Error(`No movement id for order item ${index}`);
  return id;
}

/** The product must still be sellable; a deleted one is named, as the order shows its name. */
function requireProduct(
  product: ProductState | undefined,
  item: OnlineOrderItem,
  deletedMessage: string,
): ProductState {
  if (!product || product.status === 'absent') throw notFound(MESSAGES.orderProductNotFound(item.productId));
  if (product.status === 'deleted') throw conflict(deletedMessage);
  return product;
}

function issue(
  command: ChangeOnlineOrderStatus,
  orderNumber: string,
  item: OnlineOrderItem,
  index: number,
  product: ProductState | undefined,
): DomainEvent[] {
  return decideProduct(
    {
      type: 'IssueStock',
      productId: item.productId,
      movementId: movementId(command, index),
      quantity: item.quantity,
      reason: 'sale',
      // The price the customer was quoted when ordering, not today's catalogue price.
      unitPrice: item.price,
      discountPercentage: '0',
      sellerName: command.sellerName,
      notes: `Online order ${orderNumber}`,
      saleId: orderNumber,
    },
    requireProduct(product, item, MESSAGES.orderServeDeleted(item.productName)),
  );
}

/**
 * The return of a served item reverses its sale line (`reverses`), so sales figures net it out as
 * they do a reversal by hand. A line already reversed (or never found) gives nothing back: the
 * stock came back with that reversal.
 */
function giveBack(
  command: ChangeOnlineOrderStatus,
  orderNumber: string,
  item: OnlineOrderItem,
  index: number,
  stock: ProductState | undefined,
  served: ReversalState | null,
): DomainEvent[] {
  const product = requireProduct(stock, item, MESSAGES.orderReturnDeleted(item.productName));
  const servedAt = command.servedAt?.[index] ?? null;
  const reverses = served && servedAt ? reversibleOriginal(served, servedAt) : null;
  // The line was found but is reversed already: its stock is back.
  if (served && servedAt && !reverses) return [];
  const events = decideProduct(
    {
      type: 'ReceiveStock',
      productId: item.productId,
      movementId: movementId(command, index),
      quantity: reverses ? reverses.quantity : item.quantity,
      reason: 'return',
      unitPrice: reverses?.unitPrice ?? item.price,
      // null keeps the product's cost price as it is: a return is not a purchase at a new cost.
      costPrice: null,
      sellerName: command.sellerName,
      notes: `Online order ${orderNumber} back to pending`,
      saleId: orderNumber,
    },
    product,
  );
  if (!reverses) return events;
  return events.map((event) =>
    event.type === 'StockReceived'
      ? { ...event, data: { ...event.data, totalValue: reverses.totalValue, reverses } }
      : event,
  );
}
