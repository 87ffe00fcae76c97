import { lagosBusinessDay } from '@shop/contracts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Midnight in Lagos (UTC+1 all year, see lagos-business-day.ts) of a 'YYYY-MM-DD' day. */
export const lagosDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00.000+01:00`));
const nextDay = (day: string): string => lagosBusinessDay(new Date(lagosDayStart(day).getTime() + DAY_MS));

export interface DaySplit {
  /** Whole Lagos days inside the range, as [from, to) day strings; null when there is none. */
  readonly days: { readonly from: string; readonly to: string } | null;
  /** The partial stretch before the first whole day (or the whole range when there is no whole day). */
  readonly head: { readonly from: Date; readonly to: Date } | null;
  /** Start of the partial stretch after the last whole day; it runs to the range's end. */
  readonly tailFrom: Date | null;
}

/**
 * Splits [from, end) into whole Lagos days, served by the daily sums, and at most two partial
 * stretches, served by the individual rows. Whether `end` itself is included is the caller's
 * business: a whole day always ends at or before it.
 */
export function splitByLagosDays(from: Date, end: Date): DaySplit {
  const fromDay = lagosBusinessDay(from);
  const firstWhole = lagosDayStart(fromDay).getTime() === from.getTime() ? fromDay : nextDay(fromDay);
  const endDay = lagosBusinessDay(end);
  if (firstWhole >= endDay) return { days: null, head: { from, to: end }, tailFrom: null };
  const wholeStart = lagosDayStart(firstWhole);
  return {
    days: { from: firstWhole, to: endDay },
    head: from < wholeStart ? { from, to: wholeStart } : null,
    tailFrom: lagosDayStart(endDay),
  };
}
