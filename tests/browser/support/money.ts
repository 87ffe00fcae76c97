/**
 * What the screens should show, worked out independently of the web app's own formatter: NGN in
 * the en-NG locale (spec section 9), with sums kept in whole kobo so "2450.50" × 3 does not drift.
 */
const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN' });

export const toKobo = (amount: string | number): number => Math.round(Number(amount) * 100);

export const formatKobo = (kobo: number): string => naira.format(kobo / 100);

export const formatNaira = (amount: string | number): string => formatKobo(toKobo(amount));

/** quantity × unit price, as the read-only Total Value field shows it (2 decimals, no symbol). */
export const totalValueText = (quantity: number, unitPrice: string): string =>
  ((toKobo(unitPrice) * quantity) / 100).toFixed(2);

/** Spec section 4: Out of Stock at 0, Low Stock at or below the minimum, else In Stock. */
export function stockStatus(currentStock: number, minStockLevel: number): string {
  if (currentStock === 0) return 'Out of Stock';
  if (currentStock <= minStockLevel) return 'Low Stock';
  return 'In Stock';
}

/** Whole kobo as the API writes amounts: 545499 → "5454.99" (integer arithmetic, no float). */
export const koboToAmount = (kobo: number): string =>
  `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;

/**
 * `percent` ("12.5", at most 2 decimals) of an amount in kobo, rounded half-up to the kobo, in
 * integer arithmetic: 12.5% of 623428 kobo is 77928.5 → 77929 (half-even or a float would say 77928).
 */
export function percentOfKobo(kobo: number, percent: string): number {
  const [whole = '0', fraction = ''] = percent.split('.');
  const hundredths = BigInt(whole) * BigInt(100) + BigInt(`${fraction}00`.slice(0, 2));
  const scale = BigInt(10_000);
  return Number((BigInt(kobo) * hundredths * BigInt(2) + scale) / (scale * BigInt(2)));
}
