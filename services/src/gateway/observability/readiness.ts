import type { Knex } from 'knex';
import type { EventStore } from '@shop/infrastructure';
import { measureProjectionLag } from './projection-lag';

export interface Readiness {
  readonly ready: boolean;
  readonly checks: {
    readonly database: 'ok' | 'unreachable';
    readonly eventStore: 'ok' | 'unreachable';
    /** ok: every read model is fewer than maxLag events behind the store. */
    readonly projections: 'ok' | 'lagging' | 'unknown';
    readonly projectionLag: number | null;
    readonly maxLag: number;
  };
}

const CHECK_TIMEOUT_MS = 2_000;

/** Rejects when `work` takes longer than a load balancer would wait. */
function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** What a load balancer asks before sending traffic: database and event store answer, read models nearly current. */
export async function checkReadiness(
  knex: Knex,
  eventStore: EventStore,
  projectionNames: readonly string[],
  maxLag: number,
): Promise<Readiness> {
  const database = await withTimeout(knex.raw('select 1')).then(
    () => 'ok' as const,
    () => 'unreachable' as const,
  );
  const events = await withTimeout(eventStore.headPosition()).then(
    () => 'ok' as const,
    () => 'unreachable' as const,
  );
  let projectionLag: number | null = null;
  if (database === 'ok' && events === 'ok') {
    const lag = await withTimeout(measureProjectionLag(knex, eventStore, projectionNames)).catch(() => null);
    projectionLag = lag ? Math.max(0, ...lag.values()) : null;
  }
  const projections = projectionLag === null ? 'unknown' : projectionLag < maxLag ? 'ok' : 'lagging';
  return {
    ready: database === 'ok' && events === 'ok' && projections === 'ok',
    checks: { database, eventStore: events, projections, projectionLag, maxLag },
  };
}
