import {
  LIMITS,
  MESSAGES,
  type DomainEvent,
  type DomainEventOf,
  type OnlineOrderItem,
  type OnlineOrderStatus,
} from '@shop/contracts';
import { conflict, notFound, validationError } from '../shared/domain-error';
import type { StreamFold } from '../shared/decider';
import { koboToAmount, sumKobo, toKobo } from '@shop/contracts';
import { requireSaleTotalWithinLimit } from '../shared/limit-checks';
import type { CustomerState } from '../customer/customer.decider';
import type { ProductState } from '../product/product.decider';
import { decideOrderNumber, type OrderNumberState } from './order-number-registry.decider';

export type OnlineOrderState =
  | { readonly placed: false }
  | {
      readonly placed: true;
      readonly orderId: string;
      readonly orderNumber: string;
      readonly status: OnlineOrderStatus;
      readonly items: readonly OnlineOrderItem[];
      /** How many status moves the order has had: tells a decision whether the order moved since it was read. */
      readonly moves: number;
    };

export interface PlaceOnlineOrder {
  readonly type: 'PlaceOnlineOrder';
  readonly orderId: string;
  readonly orderNumber: string;
  readonly customerId: string | null;
  readonly customerName: string;
  readonly customerEmail: string | null;
  readonly customerPhone: string | null;
  readonly customerAddress: string | null;
  readonly customerCity: string | null;
  readonly customerPostalCode: string | null;
  readonly customerCountry: string | null;
  /** One line per product (the caller merges repeats), so stock is later checked on the whole quantity. */
  readonly items: readonly { readonly productId: string; readonly quantity: number }[];
  readonly notes: string | null;
}

export interface PlaceOnlineOrderDecision {
  readonly order: DomainEventOf<'OnlineOrderPlaced'>[];
  readonly orderNumber: DomainEventOf<'OrderNumberClaimed'>[];
}

/** Sums each product's quantity, keeping the order in which products first appear. */
export function mergeOrderItems<T extends { readonly productId: string; readonly quantity: number }>(
  items: readonly T[],
) {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.productId, (merged.get(item.productId) ?? 0) + item.quantity);
  return [...merged].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * A storefront order: each line priced from the product's catalogue price at this moment (a client
 * never sets prices), the total summed exactly, the customer (when named) and every product checked.
 * Placing does not touch stock; serving does (online-order-status.decider.ts).
 */
export function decidePlaceOnlineOrder(
  command: PlaceOnlineOrder,
  state: {
    order: OnlineOrderState;
    orderNumber: OrderNumberState;
    customer: CustomerState | null;
    products: readonly ProductState[];
  },
): PlaceOnlineOrderDecision {
  if (state.order.placed) throw conflict(`Order ${command.orderId} already exists`);
  if (command.items.length === 0) throw validationError('An order needs at least one item');
  if (new Set(command.items.map((item) => item.productId)).size !== command.items.length)
    throw validationError('Each product may appear on one line only');
  if (command.customerId !== null && state.customer?.status !== 'registered') throw notFound(MESSAGES.customerNotFound);

  const items: OnlineOrderItem[] = command.items.map((item, index) => {
    if (!Number.isInteger(item.quantity) || item.quantity < 1)
      throw validationError('Quantity must be a whole number of at least 1');
    // Lines of one product are merged before this: their sum must fit one line too.
    if (item.quantity > LIMITS.maxLineQuantity)
      throw validationError(`Quantity must be at most ${LIMITS.maxLineQuantity} for each product`);
    const product = state.products[index] ?? { status: 'absent' };
    if (product.status === 'absent') throw notFound(MESSAGES.orderProductNotFound(item.productId));
    if (product.status === 'deleted') throw conflict(MESSAGES.orderProductDeleted(product.name));
    return { productId: item.productId, productName: product.name, quantity: item.quantity, price: product.price };
  });
  const total = sumKobo(items.map((item) => toKobo(item.price) * BigInt(item.quantity)));
  requireSaleTotalWithinLimit(total, 'order');

  const { type: _type, items: _items, ...fields } = command;
  return {
    order: [{ type: 'OnlineOrderPlaced', data: { ...fields, items, totalAmount: koboToAmount(total) } }],
    orderNumber: decideOrderNumber(
      { type: 'ClaimOrderNumber', orderNumber: command.orderNumber, orderId: command.orderId },
      state.orderNumber,
    ),
  };
}

export function evolveOnlineOrder(state: OnlineOrderState, event: DomainEvent): OnlineOrderState {
  switch (event.type) {
    case 'OnlineOrderPlaced':
      return {
        placed: true,
        orderId: event.data.orderId,
        orderNumber: event.data.orderNumber,
        status: 'pending',
        items: event.data.items,
        moves: 0,
      };
    case 'OnlineOrderStatusChanged':
      return state.placed ? { ...state, status: event.data.to, moves: state.moves + 1 } : state;
    default:
      return state;
  }
}

export const initialOnlineOrderState = (): OnlineOrderState => ({ placed: false });

/** An online order's stream, folded. */
export const onlineOrderFold: StreamFold<OnlineOrderState> = {
  initialState: initialOnlineOrderState,
  evolve: evolveOnlineOrder,
};

export const onlineOrderStreamId = (orderId: string) => `online-order-${orderId}`;
