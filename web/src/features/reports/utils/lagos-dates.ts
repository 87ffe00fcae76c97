import { LAGOS_OFFSET, lagosBusinessDay, LOCALE, SHOP_TIME_ZONE } from '@shop/contracts';

export { LAGOS_OFFSET };

/** Today's date in Lagos as YYYY-MM-DD. */
export const lagosToday = (now: Date = new Date()): string => lagosBusinessDay(now);

/** The current Lagos month: first and last day, both YYYY-MM-DD (the server treats `to` as the whole day). */
export function thisLagosMonth(now: Date = new Date()): { from: string; to: string } {
  const [year, month] = lagosToday(now).split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(lastDay).padStart(2, '0')}` };
}

/** A datetime-local value ("2025-03-04T10:30") read as Lagos time, as an ISO instant with offset. */
export function lagosLocalToInstant(local: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(local)) return null;
  return `${local.length === 16 ? `${local}:00` : local}${LAGOS_OFFSET}`;
}

/** Now in Lagos as a datetime-local value with seconds ("2025-03-04T10:30:15"): the latest "Stock as of". */
export function lagosNowLocal(now: Date = new Date()): string {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(LAGOS_OFFSET);
  const minutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 60;
  return new Date(now.getTime() + minutes * 60_000).toISOString().slice(0, 19);
}

const lagosDayLabel = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'medium', timeZone: SHOP_TIME_ZONE });

/** "2025-03-10" → "10 Mar 2025", the Lagos calendar day whatever the browser's zone. */
export const formatLagosDay = (day: string): string => lagosDayLabel.format(new Date(`${day}T12:00:00${LAGOS_OFFSET}`));
