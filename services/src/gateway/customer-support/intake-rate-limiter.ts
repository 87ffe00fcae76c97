import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { migrateUnderLock } from '@shop/infrastructure';

const TABLE = 'support_intake_hits';
/** Arbitrary constants: one serialises concurrent migrators, the other namespaces per-client locks. */
const MIGRATION_LOCK_KEY = 4_711_2031;
const CLIENT_LOCK_SPACE = 4_711_2032;

export interface IntakeRateLimit {
  /** Submissions accepted per client within any window. */
  readonly limit: number;
  readonly windowMs: number;
}

/** Spec gives no figure: 5 in any 10 minutes is plenty for a person and stops a script. */
export const DEFAULT_INTAKE_RATE_LIMIT: IntakeRateLimit = { limit: 5, windowMs: 10 * 60_000 };

/**
 * A sliding-window limit on the public support form, per client address. The hits live in the
 * database, not in memory, so gateways behind a load balancer share one count and a restart does
 * not reset it. A per-client advisory lock makes count-then-insert atomic across gateways.
 * Only accepted submissions are counted. Addresses are stored as digests: the table is for
 * counting, not for reading who wrote in (an IPv4 digest can be reversed by brute force, so this
 * is tidiness, not anonymity); rows older than the window are deleted as it slides.
 */
export class IntakeRateLimiter {
  constructor(
    private readonly knex: Knex,
    private readonly rule: IntakeRateLimit = DEFAULT_INTAKE_RATE_LIMIT,
    private readonly now: () => Date = () => new Date(),
  ) {}

  static async migrate(knex: Knex): Promise<void> {
    await migrateUnderLock(knex, MIGRATION_LOCK_KEY, async (trx) => {
      await trx.raw(`create table if not exists ${TABLE} (client_key text not null, at timestamptz not null)`);
      await trx.raw(`create index if not exists ${TABLE}_client_idx on ${TABLE} (client_key, at)`);
      await trx.raw(`create index if not exists ${TABLE}_at_idx on ${TABLE} (at)`);
    });
  }

  /** Takes a slot for this client when one is free; false when the limit is reached. */
  async tryAcquire(clientAddress: string): Promise<boolean> {
    const clientKey = keyOf(clientAddress);
    const now = this.now();
    const windowStart = new Date(now.getTime() - this.rule.windowMs);
    return this.knex.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [CLIENT_LOCK_SPACE, clientKey]);
      await trx(TABLE).where('at', '<=', windowStart).delete();
      const [row] = await trx(TABLE)
        .where('client_key', clientKey)
        .andWhere('at', '>', windowStart)
        .count({ hits: '*' });
      if (Number(row?.hits ?? 0) >= this.rule.limit) return false;
      await trx(TABLE).insert({ client_key: clientKey, at: now });
      return true;
    });
  }

  /** Whole seconds until this client's oldest hit leaves the window and a slot frees up (at least 1). */
  async secondsUntilFree(clientAddress: string): Promise<number> {
    const now = this.now();
    const [row] = await this.knex(TABLE)
      .where('client_key', keyOf(clientAddress))
      .andWhere('at', '>', new Date(now.getTime() - this.rule.windowMs))
      .min({ oldest: 'at' });
    const oldest = row?.oldest ? new Date(row.oldest as string | Date).getTime() : now.getTime();
    return Math.max(1, Math.ceil((oldest + this.rule.windowMs - now.getTime()) / 1000));
  }
}

const keyOf = (clientAddress: string) => createHash('sha256').update(`support-intake:${clientAddress}`).digest('hex');
