import { createHash } from 'node:crypto';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Knex } from 'knex';
import { migrateUnderLock } from '@shop/infrastructure';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

const TABLE = 'gateway_throttle_hits';
/** Arbitrary constants: one serialises concurrent migrators, the other namespaces per-key locks. */
const MIGRATION_LOCK_KEY = 4_711_2041;
const KEY_LOCK_SPACE = 4_711_2042;

/**
 * @nestjs/throttler's storage kept in the database (the support form's limiter does the same), so
 * every gateway behind a load balancer counts the same attempts and a restart forgets none.
 *
 * A sliding window: one row per counted hit, living `ttl` ms. A key holding `limit` live hits is
 * refused until its oldest hit leaves the window; a refused request adds no hit. A per-key
 * advisory lock makes count-then-insert atomic across gateways. Keys are stored as digests:
 * the table is for counting, not for reading who tried (usernames, addresses).
 *
 * `refund` takes a hit back: the password-attempt guard charges every attempt before the password
 * is checked (so parallel guesses cannot all slip through) and gives the hit back when it was right.
 */
export class DatabaseThrottlerStorage implements ThrottlerStorage {
  constructor(
    private readonly knex: Knex,
    private readonly now: () => Date = () => new Date(),
  ) {}

  static async migrate(knex: Knex): Promise<void> {
    await migrateUnderLock(knex, MIGRATION_LOCK_KEY, async (trx) => {
      await trx.raw(`
        create table if not exists ${TABLE} (
          id bigserial primary key,
          key_hash text not null,
          expires_at timestamptz not null
        )`);
      await trx.raw(`create index if not exists ${TABLE}_key_idx on ${TABLE} (key_hash, expires_at)`);
      await trx.raw(`create index if not exists ${TABLE}_expires_idx on ${TABLE} (expires_at)`);
    });
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    // The window is the block: a separate block period would keep refusing after refunds.
    if (blockDuration > 0)
      throw new Error(`Throttler '${throttlerName}': the database storage slides its window; set blockDuration: 0`);
    const keyHash = digest(key);
    const now = this.now();
    return this.knex.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [KEY_LOCK_SPACE, keyHash]);
      await trx(TABLE).where('expires_at', '<=', now).delete();
      const [row] = await trx(TABLE)
        .where('key_hash', keyHash)
        .count({ hits: '*' })
        .min({ oldest: 'expires_at' })
        .max({ newest: 'expires_at' });
      const hits = Number(row?.hits ?? 0);
      const secondsUntil = (at: unknown) =>
        at
          ? Math.max(1, Math.ceil((new Date(at as string | Date).getTime() - now.getTime()) / 1000))
          : Math.ceil(ttl / 1000);
      if (hits >= limit) {
        return {
          totalHits: hits + 1,
          timeToExpire: secondsUntil(row?.newest),
          isBlocked: true,
          timeToBlockExpire: secondsUntil(row?.oldest),
        };
      }
      const expiresAt = new Date(now.getTime() + ttl);
      await trx(TABLE).insert({ key_hash: keyHash, expires_at: expiresAt });
      return { totalHits: hits + 1, timeToExpire: secondsUntil(expiresAt), isBlocked: false, timeToBlockExpire: 0 };
    });
  }

  /** Gives back the newest hit of a key (an attempt that turned out not to be a failure). */
  async refund(key: string): Promise<void> {
    const keyHash = digest(key);
    await this.knex.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [KEY_LOCK_SPACE, keyHash]);
      const newest = await trx(TABLE).where('key_hash', keyHash).orderBy('id', 'desc').first('id');
      if (newest) await trx(TABLE).where('id', newest.id).delete();
    });
  }
}

const digest = (key: string) => createHash('sha256').update(`throttle:${key}`).digest('hex');
