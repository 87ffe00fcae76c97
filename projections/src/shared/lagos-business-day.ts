/**
 * The shop's business day in Africa/Lagos as 'YYYY-MM-DD'.
 * Lagos keeps West Africa Time, UTC+1 all year (no DST since 1919), so a fixed offset is exact;
 * it is also far cheaper than Intl per event during a rebuild and does not depend on the ICU data
 * shipped with Node. lagos-business-day.spec.ts checks it against Intl.
 */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

export function lagosBusinessDay(instant: Date | string): string {
  const time = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  if (Number.isNaN(time)) throw new Error(`Not a date: ${String(instant)}`);
  return new Date(time + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}
