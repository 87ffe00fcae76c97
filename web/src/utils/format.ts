import { CURRENCY, LOCALE, SHOP_TIME_ZONE } from '@shop/contracts';

const moneyFormatter = new Intl.NumberFormat(LOCALE, { style: 'currency', currency: CURRENCY });

/** The single money formatter: amounts arrive as strings like "1250.00". */
export function formatMoney(amount: string | number | null | undefined): string {
  const value = typeof amount === 'number' ? amount : Number(amount ?? 0);
  return moneyFormatter.format(Number.isFinite(value) ? value : 0);
}

/** price × stock, in kobo so that "0.10" × 3 does not drift. */
export function stockValue(price: string, currentStock: number): number {
  return (Math.round(Number(price) * 100) * currentStock) / 100;
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
