import type { PaymentMethod, Sale, Transaction } from '@shop/contracts';
import { koboToAmount, sumKobo, toKobo } from '@shop/contracts';

export type ReceiptLine = {
  productName: string;
  quantity: number;
  unitPrice: string;
  lineTotal: string;
  reversed: boolean;
};

export type Receipt = {
  saleId: string;
  createdAt: string;
  sellerName: string;
  lines: ReceiptLine[];
  subtotal: string;
  discountPercentage: string;
  discountAmount: string;
  total: string;
  paymentMethod: string | null;
  /** Lines a manager has reversed since (the receipt stays as sold, and says so). */
  reversedLines: number;
};

const PAYMENT_LABELS: Record<PaymentMethod, string> = { cash: 'Cash', card: 'Card' };

/**
 * A receipt from the sale's own stored rows (their names and prices at the time of sale), never
 * from today's catalogue, so reprinting an old sale gives the same receipt. The payment method is
 * the one the sale recorded (GET /api/sales/{saleId}); lines posted one by one recorded none, so
 * their receipt names none rather than guessing it from the sale id.
 */
export function buildReceipt(
  saleId: string,
  rows: readonly (Transaction & { reversedBy?: string | null })[],
  sale: Pick<Sale, 'paymentMethod'> | null,
): Receipt {
  const lines = rows.map((row) => {
    const quantity = BigInt(Math.max(row.quantity, 0));
    const lineTotalKobo =
      row.originalTotal !== null
        ? toKobo(row.originalTotal)
        : row.unitPrice !== null
          ? toKobo(row.unitPrice) * quantity
          : toKobo(row.totalValue) + toKobo(row.discountAmount);
    const unitKobo =
      row.unitPrice !== null ? toKobo(row.unitPrice) : quantity > 0n ? lineTotalKobo / quantity : lineTotalKobo;
    return {
      productName: row.productName ?? 'Unknown Product',
      quantity: row.quantity,
      unitPrice: koboToAmount(unitKobo),
      lineTotalKobo,
      totalKobo: toKobo(row.totalValue),
      discountKobo: toKobo(row.discountAmount),
      reversed: Boolean(row.reversedBy),
    };
  });
  const first = rows[0];
  return {
    saleId,
    createdAt: first?.createdAt ?? '',
    sellerName: first?.sellerName ?? '',
    lines: lines.map(({ productName, quantity, unitPrice, lineTotalKobo, reversed }) => ({
      productName,
      quantity,
      unitPrice,
      lineTotal: koboToAmount(lineTotalKobo),
      reversed,
    })),
    subtotal: koboToAmount(sumKobo(lines.map((line) => line.lineTotalKobo))),
    discountPercentage: first?.discountPercentage ?? '0',
    discountAmount: koboToAmount(sumKobo(lines.map((line) => line.discountKobo))),
    total: koboToAmount(sumKobo(lines.map((line) => line.totalKobo))),
    paymentMethod: sale ? PAYMENT_LABELS[sale.paymentMethod] : null,
    reversedLines: lines.filter((line) => line.reversed).length,
  };
}
