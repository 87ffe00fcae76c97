import type { DomainEventOf, Sale } from '@shop/contracts';
import { formatMoney, toIsoString } from '../shared/sql-values';
import { transactionFromEvent } from '../transactions/transaction-from-event';

/**
 * The sale as GET /api/sales/:saleId will show it, built from its SaleRecorded event alone (it
 * carries every line with its names and prices): POST /api/sales answers a new sale and any repeat
 * of it from the sale's own stream, never from a read model that may lag. Each line is the
 * StockIssued the sale decider wrote for it (see decideSale), so it matches the transactions rows.
 */
export function saleFromEvent(event: DomainEventOf<'SaleRecorded'>, at: string): Sale {
  const { data } = event;
  return {
    saleId: data.saleId,
    createdAt: toIsoString(data.offline?.soldAt ?? at),
    sellerName: data.sellerName,
    paymentMethod: data.paymentMethod,
    discountPercentage: Number(data.discountPercentage).toFixed(2),
    originalTotal: formatMoney(data.originalTotal),
    discountAmount: formatMoney(data.discountAmount),
    totalValue: formatMoney(data.totalValue),
    notes: data.notes,
    ...(data.offline && { offline: { syncedAt: toIsoString(data.offline.syncedAt), syncedBy: data.offline.syncedBy } }),
    lines: data.lines.map((line) =>
      transactionFromEvent(
        {
          type: 'StockIssued',
          data: {
            productId: line.productId,
            movementId: line.movementId,
            quantity: line.quantity,
            reason: 'sale',
            unitPrice: line.unitPrice,
            costPrice: line.costPrice,
            originalTotal: line.originalTotal,
            discountPercentage: data.discountPercentage,
            discountAmount: line.discountAmount,
            totalValue: line.totalValue,
            sellerName: data.sellerName,
            notes: data.notes,
            saleId: data.saleId,
          },
        },
        data.offline?.soldAt ?? at,
        { name: line.productName, sku: line.productSku },
      ),
    ),
  };
}
