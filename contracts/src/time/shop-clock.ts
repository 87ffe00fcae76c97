/**
 * The shop's clock, Africa/Lagos, for server and web alike. Lagos keeps West Africa Time, UTC+1 all
 * year (no DST since 1919), so a fixed offset is exact; it is also far cheaper than Intl per event
 * during a rebuild and does not depend on the ICU data shipped with Node or the browser.
 * shop-clock.spec.ts checks it against Intl.
 */
export const LAGOS_OFFSET = '+01:00';
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

const toTime = (instant: Date | string): number => {
  const time = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(time)) throw new Error(`Not a date: ${String(instant)}`);
  return time;
};

/** The shop's business day of an instant, 'YYYY-MM-DD'. */
export function lagosBusinessDay(instant: Date | string): string {
  return new Date(toTime(instant) + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** "2025-03-10 14:05:09": Lagos wall time of an instant, what a spreadsheet recognises as a date. */
export function lagosWallTime(instant: Date | string): string {
  return new Date(toTime(instant) + LAGOS_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);
}

/** The instant a Lagos business day ('YYYY-MM-DD') starts. */
export const startOfLagosDay = (day: string): Date => new Date(`${day}T00:00:00.000${LAGOS_OFFSET}`);
