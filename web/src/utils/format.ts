import { formatNaira, LOCALE, multiplyAmount, SHOP_TIME_ZONE } from '@shop/contracts';

export { formatReason } from '@shop/contracts';

const AMOUNT = /^-?\d+(\.\d+)?$/;

/**
 * The single money formatter: amounts arrive as strings like "1250.00" and are formatted as
 * decimal strings (Intl formats the digits exactly, no float in between).
 */
export function formatMoney(amount: string | number | null | undefined): string {
  const text = typeof amount === 'number' ? String(amount) : (amount ?? '0').trim();
  return formatNaira(AMOUNT.test(text) ? text : '0');
}

/** price × stock, exact (whole kobo): "0.10" × 3 is "0.30". */
export function stockValue(price: string, currentStock: number): string {
  return multiplyAmount(price, currentStock);
}

const relativeFormatter = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** Spec section 9: minutes, hours (under 24) or days ago; "just now" under a minute, not "0 minutes ago". */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return 'Invalid Date';
  const minutes = Math.max(0, Math.floor((now.getTime() - time) / 60_000));
  if (minutes === 0) return 'just now';
  if (minutes < 60) return relativeFormatter.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return relativeFormatter.format(-hours, 'hour');
  return relativeFormatter.format(-Math.floor(hours / 24), 'day');
}

// The shop's clock (Africa/Lagos), whatever the zone of the browser showing it.
const dateTimeFormatter = new Intl.DateTimeFormat(LOCALE, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: SHOP_TIME_ZONE,
});

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : dateTimeFormatter.format(date);
}
