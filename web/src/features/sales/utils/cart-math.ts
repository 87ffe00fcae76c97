import { discountKobo, percentToHundredths, sumKobo, toKobo } from '@shop/contracts';

export type CartLine = {
  productId: string;
  name: string;
  sku: string;
  /** The price when the line was added; the till shows the catalogue's current price when it has it. */
  price: string;
  quantity: number;
};

export type CartTotals = { subtotal: bigint; discount: bigint; total: bigint };

export const lineTotalKobo = (price: string, quantity: number): bigint => toKobo(price) * BigInt(quantity);

/** Subtotal, discount (half-up to the kobo, as the server does) and total, all in kobo. */
export function cartTotals(
  lines: readonly CartLine[],
  priceOf: (line: CartLine) => string,
  discountHundredths: bigint,
): CartTotals {
  const subtotal = sumKobo(lines.map((line) => lineTotalKobo(priceOf(line), line.quantity)));
  const discount = discountKobo(subtotal, discountHundredths);
  return { subtotal, discount, total: subtotal - discount };
}

export type DiscountInput = { ok: true; hundredths: bigint } | { ok: false };

/** The discount box: empty means 0; otherwise a number from 0 to 100, kept to 2 decimals. */
export function parseDiscountInput(raw: string): DiscountInput {
  const text = raw.trim();
  if (text === '') return { ok: true, hundredths: 0n };
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > 100) return { ok: false };
  // Plain decimals are rounded exactly; anything exotic (e.g. "1e1") goes through the number.
  const hundredths = percentToHundredths(text) ?? BigInt(Math.round(value * 100));
  return hundredths > 10_000n ? { ok: false } : { ok: true, hundredths };
}

/** Identifies one cart exactly, so a retry of the same cart reuses its saleId and a changed cart does not. */
export const cartFingerprint = (lines: readonly CartLine[], discountHundredths: bigint, notes: string) =>
  JSON.stringify({
    lines: lines.map(({ productId, quantity }) => [productId, quantity]),
    discount: discountHundredths.toString(),
    notes: notes.trim(),
  });
