import type { Knex } from 'knex';
import type { SupportStats } from '@shop/contracts';
import { lagosBusinessDay } from '@shop/contracts';
import { toInt } from '../shared/sql-values';

const DAY_MS = 24 * 60 * 60 * 1000;

interface StatsRow {
  total: string | number;
  pending: string | number;
  in_progress: string | number;
  resolved: string | number;
  today: string | number;
  week: string | number;
}

/**
 * GET /api/customer-support/stats. `now` comes from the caller. todayCount: requests created on
 * now's Africa/Lagos business day; weekCount: on that day or the 6 before it (7 Lagos days, a
 * rolling week rather than a calendar one, so the figure never drops to 0 on a Monday).
 * Lagos has no DST, so stepping back 6 × 24 h always lands on the right day.
 */
export async function getSupportStats(knex: Knex, now: Date): Promise<SupportStats> {
  const today = lagosBusinessDay(now);
  const weekStart = lagosBusinessDay(new Date(now.getTime() - 6 * DAY_MS));
  const row = (
    await knex.raw<{ rows: StatsRow[] }>(
      `select count(*) as total,
         count(*) filter (where status = 'pending') as pending,
         count(*) filter (where status = 'in_progress') as in_progress,
         count(*) filter (where status = 'resolved') as resolved,
         count(*) filter (where created_day = ?::date) as today,
         count(*) filter (where created_day between ?::date and ?::date) as week
       from support_requests`,
      [today, weekStart, today],
    )
  ).rows[0];
  return {
    total: toInt(row?.total),
    pending: toInt(row?.pending),
    inProgress: toInt(row?.in_progress),
    resolved: toInt(row?.resolved),
    todayCount: toInt(row?.today),
    weekCount: toInt(row?.week),
  };
}
