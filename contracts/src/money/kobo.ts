/**
 * Exact money, the one representation of server and web: amounts travel as decimal strings
 * ("1250.50") and are computed as whole kobo in BigInt (percentages as whole hundredths of a
 * percent), so "0.10" × 3 or a 12.5% discount never drift the way binary floats do. Rounding is
 * half-up to the kobo, as decimal(10,2) columns store it. No float ever touches an amount.
 */

import { boundedMemo } from '../bounded-memo';

const DECIMAL = /^(-)?(\d*)(?:\.(\d*))?$/;
const TWO_DECIMALS = /^(\d+)\.(\d{2})$/;

/** Parses a plain decimal ("1250", "12.5", "-3.00") into units of 10^-scale, rounding half-up; null when unreadable. */
export function parseScaled(text: string, scale: number): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (!whole && !fraction) return null;
  const padded = fraction.padEnd(scale + 1, '0');
  let units = BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt(padded.slice(0, scale) || '0');
  if (Number(padded[scale]) >= 5) units += 1n;
  return sign ? -units : units;
}

/** "1250.50" → 125050n, for input a person typed: unreadable input counts as 0. */
export function toKobo(amount: string | null | undefined): bigint {
  if (amount === null || amount === undefined) return 0n;
  return parseScaled(amount, 2) ?? 0n;
}

/**
 * "1250.50" → 125050n for an amount already stored ("digits.dd", as every event's schema says):
 * a string splice, several times cheaper than general parsing in a rebuild's hot loop, and each
 * distinct amount parsed once (a shop's prices and totals repeat from line to line); throws on
 * anything else, since a stored amount of another shape is a bug, never a zero.
 */
export const storedAmountToKobo: (amount: string) => bigint = boundedMemo((amount) => {
  const match = TWO_DECIMALS.exec(amount);
  if (!match) throw new Error(`Not an amount with 2 decimals: ${amount}`);
  return BigInt(match[1]! + match[2]!);
});

/** 125050n → "1250.50" (the string shape the API and the events use). */
export function koboToAmount(kobo: bigint): string {
  const negative = kobo < 0n;
  const digits = (negative ? -kobo : kobo).toString().padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** An amount as typed ("12.5") in the stored shape ("12.50"), half-up to the kobo. */
export const normaliseAmount = (amount: string): string => koboToAmount(toKobo(amount));

export const sumKobo = (values: readonly bigint[]): bigint => values.reduce((total, value) => total + value, 0n);

/** unit price × quantity, exactly, as an amount. */
export const multiplyAmount = (unitPrice: string, quantity: number): string =>
  koboToAmount(toKobo(unitPrice) * BigInt(quantity));

/** Divides and rounds half-up (away from zero for the half); both operands non-negative here. */
export const divideHalfUp = (numerator: bigint, denominator: bigint): bigint =>
  (numerator * 2n + denominator) / (denominator * 2n);

/** "12.5" → 1250n hundredths of a percent; rounds extra decimals half-up; null when unreadable. */
export const percentToHundredths = (percent: string): bigint | null => parseScaled(percent, 2);

/** A percentage in the stored shape: "12.5" → "12.50". */
export const normalisePercent = (percent: string): string => koboToAmount(percentToHundredths(percent) ?? 0n);

/** The discount on a subtotal, to the kobo: subtotal × percent / 100, half-up. */
export const discountKobo = (subtotalKobo: bigint, hundredths: bigint): bigint =>
  subtotalKobo <= 0n || hundredths <= 0n ? 0n : divideHalfUp(subtotalKobo * hundredths, 10_000n);

/** A line's totals: quantity × unit price, less the percentage discount (or a fixed discount already decided). */
export function lineTotals(quantity: number, unitPrice: string, discountPercentage: string, fixedDiscount?: string) {
  const original = toKobo(unitPrice) * BigInt(quantity);
  const discount =
    fixedDiscount === undefined
      ? discountKobo(original, percentToHundredths(discountPercentage) ?? 0n)
      : toKobo(fixedDiscount);
  return {
    originalTotal: koboToAmount(original),
    discountAmount: koboToAmount(discount),
    totalValue: koboToAmount(original - discount),
  };
}

/**
 * Splits a discount over lines in proportion to their totals, in whole kobo, handing the kobo left
 * over by rounding down to the largest remainders: the parts always add up to the whole.
 */
export function allocateDiscount(lineTotalAmounts: readonly string[], discount: string): string[] {
  const kobo = lineTotalAmounts.map(toKobo);
  const sum = sumKobo(kobo);
  if (sum === 0n) return lineTotalAmounts.map(() => '0.00');
  const discountTotal = toKobo(discount);
  const floors = kobo.map((value) => (value * discountTotal) / sum);
  const remainders = kobo.map((value) => (value * discountTotal) % sum);
  let left = discountTotal - sumKobo(floors);
  const order = remainders
    .map((remainder, index) => ({ index, remainder }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left <= 0n) break;
    floors[index] = floors[index]! + 1n;
    left -= 1n;
  }
  return floors.map(koboToAmount);
}

/** A percentage to one decimal, e.g. "12.50" → "12.5", "12.25" → "12.3", "10" → "10.0". */
export function formatPercentOneDecimal(percent: string | bigint): string {
  const hundredths = typeof percent === 'bigint' ? percent : (percentToHundredths(percent) ?? 0n);
  const tenths = hundredths < 0n ? -divideHalfUp(-hundredths, 10n) : divideHalfUp(hundredths, 10n);
  const negative = tenths < 0n;
  const absolute = negative ? -tenths : tenths;
  return `${negative ? '-' : ''}${absolute / 10n}.${absolute % 10n}`;
}

/** Hundredths of a percent back to the API's string, e.g. 1250n → "12.5", 1000n → "10". */
export function hundredthsToPercent(hundredths: bigint): string {
  const whole = hundredths / 100n;
  const rest = (hundredths % 100n).toString().padStart(2, '0').replace(/0+$/, '');
  return rest ? `${whole}.${rest}` : String(whole);
}
