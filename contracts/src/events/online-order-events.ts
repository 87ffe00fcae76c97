import { z } from 'zod';
import { ONLINE_ORDER_STATUSES } from '../api/online-order.contract';

const amount = z.string().regex(/^\d+\.\d{2}$/);

/** An order line priced from the catalogue when the order was placed; the name as it was then. */
export const onlineOrderItemV1 = z.object({
  productId: z.uuid(),
  productName: z.string(),
  quantity: z.number().int().min(1),
  price: amount,
});

/** A storefront order, always placed as pending with payment pending. */
export const onlineOrderPlacedV1 = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  customerId: z.uuid().nullable(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  customerAddress: z.string().nullable(),
  customerCity: z.string().nullable(),
  customerPostalCode: z.string().nullable(),
  customerCountry: z.string().nullable(),
  items: z.array(onlineOrderItemV1).min(1),
  totalAmount: amount,
  notes: z.string().nullable(),
});

/**
 * A move of the status machine (spec section 4). Moving to served is recorded atomically with a
 * StockIssued per item; moving from served back to pending with a StockReceived per item.
 */
export const onlineOrderStatusChangedV1 = z.object({
  orderId: z.uuid(),
  orderNumber: z.string(),
  from: z.enum(ONLINE_ORDER_STATUSES),
  to: z.enum(ONLINE_ORDER_STATUSES),
});

/** The order-number registry stream keeps order numbers unique under concurrency. */
export const orderNumberClaimedV1 = z.object({ orderNumber: z.string(), orderId: z.uuid() });

export type OnlineOrderItem = z.infer<typeof onlineOrderItemV1>;
export type OnlineOrderPlaced = z.infer<typeof onlineOrderPlacedV1>;
export type OnlineOrderStatusChanged = z.infer<typeof onlineOrderStatusChangedV1>;
export type OrderNumberClaimed = z.infer<typeof orderNumberClaimedV1>;
