import { Mail, MapPin, Phone, User } from 'lucide-react';
import type { OnlineOrder } from '@shop/contracts';
import { formatDateTime, formatMoney } from '@/utils/format';
import { deliveryAddress, shortProductId, unitCount } from '../utils/order-display';
import { OrderStatusBadge } from './order-status-badge';
import { OrderStatusControls } from './order-status-controls';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function OnlineOrderCard({ order }: { order: OnlineOrder }) {
  const address = deliveryAddress(order);
  return (
    <li
      data-testid="online-order"
      data-order-number={order.orderNumber}
      data-order-id={order.id}
      data-status={order.status}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2">
            <span data-testid="order-number" className="font-mono text-sm font-semibold break-all text-slate-900">
              {order.orderNumber}
            </span>
            <OrderStatusBadge status={order.status} />
          </p>
          <p data-testid="order-date" className="mt-0.5 text-xs text-slate-500">
            {formatDateTime(order.orderDate)}
          </p>
        </div>
        <div className="text-right">
          <p data-testid="order-total" className="font-semibold text-slate-900 tabular-nums">
            {formatMoney(order.totalAmount)}
          </p>
          <p data-testid="order-item-count" className="text-xs text-slate-500">
            {plural(order.items.length, 'item', 'items')} · {plural(unitCount(order), 'unit', 'units')}
          </p>
        </div>
      </div>

      <div className="space-y-1 text-sm text-slate-700">
        <p className="flex items-center gap-2">
          <User className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          <span data-testid="order-customer-name" className="font-medium break-words">
            {order.customerName}
          </span>
        </p>
        {order.customerEmail && (
          <p className="flex items-center gap-2" data-testid="order-customer-email">
            <Mail className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="break-all">{order.customerEmail}</span>
          </p>
        )}
        {order.customerPhone && (
          <p className="flex items-center gap-2" data-testid="order-customer-phone">
            <Phone className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            {order.customerPhone}
          </p>
        )}
        {address && (
          <p className="flex items-start gap-2" data-testid="order-address">
            <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
            <span className="break-words">{address}</span>
          </p>
        )}
      </div>

      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-100 bg-slate-50 text-sm">
        {order.items.map((item, index) => (
          <li
            key={`${item.productId}-${index}`}
            data-testid="order-item"
            data-product-id={item.productId}
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-3 py-2"
          >
            <span className="min-w-0 break-words text-slate-800">
              {item.productName}{' '}
              <span className="font-mono text-xs text-slate-500">({shortProductId(item.productId)})</span>
            </span>
            <span className="text-slate-600 tabular-nums">
              <span data-testid="order-item-quantity">{item.quantity}</span> ×{' '}
              <span data-testid="order-item-price">{formatMoney(item.price)}</span>
            </span>
          </li>
        ))}
      </ul>

      {order.notes && (
        <p data-testid="order-notes" className="rounded-md bg-amber-50 px-3 py-2 text-sm break-words text-amber-900">
          <span className="font-medium">Notes:</span> {order.notes}
        </p>
      )}

      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3">
        <p data-testid="order-created" className="text-xs text-slate-500">
          Created {formatDateTime(order.createdAt)}
        </p>
        <OrderStatusControls order={order} />
      </div>
    </li>
  );
}
