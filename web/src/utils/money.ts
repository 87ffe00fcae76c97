/**
 * Exact money arithmetic for the browser: amounts become whole kobo (bigint) and percentages whole
 * hundredths of a percent, so "0.10" × 3 or a 12.5% discount never drift the way binary floats do.
 * Rounding is half-up to the kobo, as on the server (decimal(10,2)).
 */

const DECIMAL = /^(-)?(\d*)(?:\.(\d*))?$/;

/** Parses a plain decimal ("1250", "12.5", "-3.00") into units of 10^-scale, rounding half-up. */
function toScaled(text: string, scale: number): bigint | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole = '', fraction = ''] = match;
  if (!whole && !fraction) return null;
  const padded = fraction.padEnd(scale + 1, '0');
  let units = BigInt(whole || '0') * 10n ** BigInt(scale) + BigInt(padded.slice(0, scale) || '0');
  if (Number(padded[scale]) >= 5) units += 1n;
  return sign ? -units : units;
}

/** "1250.50" → 125050n. Unreadable input counts as 0. */
export function toKobo(amount: string | number | null | undefined): bigint {
  if (amount === null || amount === undefined) return 0n;
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? amount.toFixed(2) : '0') : amount;
  return toScaled(text, 2) ?? 0n;
}

/** 125050n → "1250.50" (the string shape the API uses). */
export function koboToAmount(kobo: bigint): string {
  const negative = kobo < 0n;
  const absolute = negative ? -kobo : kobo;
  const naira = absolute / 100n;
  const rest = (absolute % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${naira}.${rest}`;
}

export const sumKobo = (values: readonly bigint[]): bigint => values.reduce((total, value) => total + value, 0n);

/** Divides and rounds half-up (away from zero for the half); both operands non-negative here. */
const divideHalfUp = (numerator: bigint, denominator: bigint): bigint =>
  (numerator * 2n + denominator) / (denominator * 2n);

/** "12.5" → 1250n hundredths of a percent; rounds extra decimals half-up; null when unreadable. */
export const percentToHundredths = (percent: string): bigint | null => toScaled(percent, 2);

/** The discount on a subtotal, to the kobo: subtotal × percent / 100, half-up. */
export const discountKobo = (subtotalKobo: bigint, hundredths: bigint): bigint =>
  subtotalKobo <= 0n || hundredths <= 0n ? 0n : divideHalfUp(subtotalKobo * hundredths, 10_000n);

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
