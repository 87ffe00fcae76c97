import type { Knex } from 'knex';
import { lagosBusinessDay, startOfLagosDay } from '@shop/contracts';
import { toInt } from '../shared/sql-values';

/** Lagos is UTC+1 all year: its business day `YYYY-MM-DD` starts at 23:00 UTC the day before. */
export function lagosDayBounds(now: Date): { start: string; end: string } {
  const start = startOfLagosDay(lagosBusinessDay(now)).getTime();
  return { start: new Date(start).toISOString(), end: new Date(start + 86_400_000).toISOString() };
}

/**
 * Dashboard counts: orders waiting (pending), and orders served today, i.e. whose last move to
 * served fell on `now`'s Africa/Lagos business day and which are still served. One row of
 * `pending`, `served_today`: the dashboard embeds it in its single query.
 */
export function onlineOrderCountsSql(now: Date): { sql: string; bindings: string[] } {
  const { start, end } = lagosDayBounds(now);
  return {
    sql: `select count(*) filter (where status = 'pending') as pending,
            count(*) filter (where status = 'served' and served_at >= ? and served_at < ?) as served_today
          from online_orders`,
    bindings: [start, end],
  };
}

export async function countOnlineOrders(
  knex: Knex,
  now: Date,
): Promise<{ pendingOnlineOrders: number; todaysServedOnlineOrders: number }> {
  const { sql, bindings } = onlineOrderCountsSql(now);
  const row = (await knex.raw<{ rows: { pending: string | number; served_today: string | number }[] }>(sql, bindings))
    .rows[0];
  return { pendingOnlineOrders: toInt(row?.pending), todaysServedOnlineOrders: toInt(row?.served_today) };
}
