import { discountKobo, koboToAmount, percentToHundredths, sumKobo, toKobo } from '@shop/contracts';
import type { Receipt } from '@/components/receipt/receipt-model';
import type { QueuedSale } from './till-db';

/**
 * The receipt of a sale taken offline, from what this till stored before it said "saved": the
 * names and prices the customer was shown, the time of sale and the seller. It matches what the
 * server records when the sale syncs (same kobo arithmetic, discount half-up on the subtotal).
 */
export function offlineReceipt(sale: QueuedSale, nameOf: (productId: string) => string | undefined): Receipt {
  const lines = sale.payload.items.map((item, index) => {
    const unitPrice = String(item.unitPrice ?? '0');
    const quantity = Number(item.quantity);
    const lineTotal = toKobo(unitPrice) * BigInt(quantity);
    return {
      productName: sale.lines?.[index]?.productName ?? nameOf(item.productId) ?? 'Unknown Product',
      quantity,
      unitPrice: koboToAmount(toKobo(unitPrice)),
      lineTotal: koboToAmount(lineTotal),
      lineTotalKobo: lineTotal,
      reversed: false,
    };
  });
  const subtotal = sumKobo(lines.map((line) => line.lineTotalKobo));
  const percent = String(sale.payload.discountPercentage ?? '0');
  const discount = discountKobo(subtotal, percentToHundredths(percent) ?? 0n);
  return {
    saleId: sale.saleId,
    createdAt: sale.payload.offline?.soldAt ?? new Date().toISOString(),
    sellerName: sale.payload.offline?.sellerName ?? '',
    lines: lines.map(({ lineTotalKobo: _kobo, ...line }) => line),
    subtotal: koboToAmount(subtotal),
    discountPercentage: percent,
    discountAmount: koboToAmount(discount),
    total: koboToAmount(subtotal - discount),
    paymentMethod: 'Cash',
    reversedLines: 0,
  };
}
