import type { OnlineOrder, OnlineOrderStatus } from '@shop/contracts';

/** Spec section 4: pending is shown as 'Waiting'. */
export const ORDER_STATUS_LABELS: Readonly<Record<OnlineOrderStatus, string>> = {
  pending: 'Waiting',
  processing: 'Processing',
  served: 'Served',
};

/** Button text for a move to each status. */
export const ORDER_MOVE_LABELS: Readonly<Record<OnlineOrderStatus, string>> = {
  pending: 'Back to Waiting',
  processing: 'Mark Processing',
  served: 'Mark Served',
};

const timeOf = (order: OnlineOrder) => new Date(order.orderDate || order.createdAt).getTime() || 0;

/** Oldest first (spec section 2); the order number breaks ties. */
export const oldestFirst = (a: OnlineOrder, b: OnlineOrder): number =>
  timeOf(a) - timeOf(b) || a.orderNumber.localeCompare(b.orderNumber);

/** Spec section 2: the product name is followed by the last 8 characters of its id. */
export const shortProductId = (productId: string): string => productId.slice(-8);

export const deliveryAddress = (order: OnlineOrder): string =>
  [order.customerAddress, order.customerCity, order.customerPostalCode, order.customerCountry]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');

export const unitCount = (order: OnlineOrder): number => order.items.reduce((sum, item) => sum + item.quantity, 0);
