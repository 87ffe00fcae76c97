import { boundedMemo } from '../bounded-memo';
import { CURRENCY, LOCALE } from '../catalogue';

const naira = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });

/**
 * An amount as people read it: "19999999.98" → "₦19,999,999.98". Exact: Intl formats a decimal
 * string's own digits, no binary float in between.
 */
export function formatNaira(amount: string): string {
  return formatted(amount);
}

/** Intl's formatting is a few microseconds a call; a replay formats the same prices again and again. */
const formatted = boundedMemo((amount) => naira.format(amount as Intl.StringNumericLiteral));
