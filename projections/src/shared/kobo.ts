/**
 * Exact money sums in integer kobo (1/100 naira) as BigInt: the amounts in events are always
 * "digits.dd" (their zod schema says so), so parsing is a string splice and sums are exact integer
 * arithmetic, several times cheaper than decimal.js in a rebuild's hot loop. Never a float.
 */
const AMOUNT = /^(\d+)\.(\d{2})$/;

export function toKobo(amount: string): bigint {
  const match = AMOUNT.exec(amount);
  if (!match) throw new Error(`Not an amount with 2 decimals: ${amount}`);
  return BigInt(match[1]! + match[2]!);
}

export function formatKobo(kobo: bigint): string {
  const sign = kobo < 0n ? '-' : '';
  const digits = (kobo < 0n ? -kobo : kobo).toString().padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}
