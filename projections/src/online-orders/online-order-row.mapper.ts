import type { OnlineOrder, OnlineOrderItem, OnlineOrderStatus } from '@shop/contracts';
import { formatMoney, toIsoString, toNullableIsoString } from '../shared/sql-values';

export interface OnlineOrderRow {
  id: string;
  order_number: string;
  customer_id: string | null;
  customer_name: string;
  customer_email: string | null;
  customer_phone: string | null;
  customer_address: string | null;
  customer_city: string | null;
  customer_postal_code: string | null;
  customer_country: string | null;
  items: OnlineOrderItem[];
  total_amount: string;
  status: OnlineOrderStatus;
  payment_status: string;
  payment_reference: string | null;
  payment_method: string | null;
  notes: string | null;
  order_date: Date | string;
  created_at: Date | string;
  updated_at: Date | string;
  served_at: Date | string | null;
}

export const ONLINE_ORDER_COLUMNS = [
  'id',
  'order_number',
  'customer_id',
  'customer_name',
  'customer_email',
  'customer_phone',
  'customer_address',
  'customer_city',
  'customer_postal_code',
  'customer_country',
  'items',
  'total_amount',
  'status',
  'payment_status',
  'payment_reference',
  'payment_method',
  'notes',
  'order_date',
  'created_at',
  'updated_at',
  'served_at',
] as const;

export function toOnlineOrderResponse(row: OnlineOrderRow): OnlineOrder {
  return {
    id: row.id,
    orderNumber: row.order_number,
    customerId: row.customer_id,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    customerPhone: row.customer_phone,
    customerAddress: row.customer_address,
    customerCity: row.customer_city,
    customerPostalCode: row.customer_postal_code,
    customerCountry: row.customer_country,
    items: row.items.map((item) => ({
      productId: item.productId,
      productName: item.productName,
      quantity: item.quantity,
      price: formatMoney(item.price),
    })),
    totalAmount: formatMoney(row.total_amount),
    status: row.status,
    paymentStatus: row.payment_status,
    paymentReference: row.payment_reference,
    paymentMethod: row.payment_method,
    notes: row.notes,
    orderDate: toIsoString(row.order_date),
    createdAt: toIsoString(row.created_at),
    updatedAt: toIsoString(row.updated_at),
    servedAt: toNullableIsoString(row.served_at),
  };
}
