import { z } from 'zod';
import { LIMITS } from '../limits';
import { moneyOut } from '../money';
import { saleItemInput } from './sale.contract';
import { optionalEmail, optionalText, requiredText } from './text-fields';
import { entityId } from './entity-id';

export const ONLINE_ORDER_STATUSES = ['pending', 'processing', 'served'] as const;
export type OnlineOrderStatus = (typeof ONLINE_ORDER_STATUSES)[number];

/** Spec section 4: the moves each status allows. The server enforces it; the web can offer just these. */
export const ONLINE_ORDER_TRANSITIONS: Readonly<Record<OnlineOrderStatus, readonly OnlineOrderStatus[]>> = {
  pending: ['processing', 'served'],
  processing: ['pending', 'served'],
  served: ['pending'],
};

export const canMoveOnlineOrder = (from: OnlineOrderStatus, to: OnlineOrderStatus): boolean =>
  ONLINE_ORDER_TRANSITIONS[from].includes(to);

/**
 * POST /api/online-orders, the storefront intake. Prices are not accepted: each line is priced
 * from the catalogue when the order is placed (extra fields such as `price` are dropped).
 */
export const createOnlineOrderInput = z.object({
  customerId: entityId('customerId must be a customer id').nullish(),
  customerName: requiredText('Customer name', 255),
  customerEmail: optionalEmail('Customer email'),
  customerPhone: optionalText('Customer phone', 50),
  customerAddress: optionalText('Customer address', 500),
  customerCity: optionalText('Customer city', 100),
  customerPostalCode: optionalText('Customer postal code', 20),
  customerCountry: optionalText('Customer country', 100),
  items: z
    .array(saleItemInput, { error: 'Items must be a list of { productId, quantity }' })
    .min(1, 'An order needs at least one item')
    .max(LIMITS.maxSaleLines, `An order may have at most ${LIMITS.maxSaleLines} lines`),
  notes: optionalText('Notes', 2000),
});
export type CreateOnlineOrderInput = z.input<typeof createOnlineOrderInput>;
export type CreateOnlineOrderCommandInput = z.output<typeof createOnlineOrderInput>;

/** PATCH /api/online-orders/{id}/status */
export const updateOnlineOrderStatusInput = z.object({
  status: z.enum(ONLINE_ORDER_STATUSES, { error: "Status must be 'pending', 'processing' or 'served'" }),
});
export type UpdateOnlineOrderStatusInput = z.infer<typeof updateOnlineOrderStatusInput>;

export const onlineOrderItemResponse = z.object({
  productId: z.string(),
  productName: z.string(),
  quantity: z.number().int(),
  price: moneyOut,
});

/** An order as spec section 3 lists it, plus updatedAt and servedAt (the last move to served). */
export const onlineOrderResponse = z.object({
  id: z.string(),
  orderNumber: z.string(),
  customerId: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
  customerAddress: z.string().nullable(),
  customerCity: z.string().nullable(),
  customerPostalCode: z.string().nullable(),
  customerCountry: z.string().nullable(),
  items: z.array(onlineOrderItemResponse),
  totalAmount: moneyOut,
  status: z.enum(ONLINE_ORDER_STATUSES),
  paymentStatus: z.string(),
  paymentReference: z.string().nullable(),
  paymentMethod: z.string().nullable(),
  notes: z.string().nullable(),
  orderDate: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  servedAt: z.string().nullable(),
});
export type OnlineOrder = z.infer<typeof onlineOrderResponse>;
