import { Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerModuleOptions, type ThrottlerStorage } from '@nestjs/throttler';
import type { Database } from '@shop/infrastructure';
import { DatabaseThrottlerStorage } from './database-throttler.storage';

const MINUTE = 60_000;

/**
 * Failed password attempts allowed in any 15 minutes (spec gives no figure; OWASP-style lockout):
 * - account: 10 per username (case-insensitive), wherever they come from: slows guessing one
 *   password to 40 an hour, and a user who mistypes a few times is not locked out;
 * - client: 100 per client address, across accounts: stops one address trying passwords on many
 *   accounts, yet a whole shop's staff behind one address (one router, one NAT) can mistype for a
 *   day without locking everyone out: once over it, even a right password waits.
 * Only refused passwords count (an attempt is charged when it starts, so parallel guesses cannot
 * all slip through, and given back when the password was right or the call failed otherwise).
 */
export const PASSWORD_ATTEMPT_LIMITS = {
  account: { limit: 10, ttl: 15 * MINUTE },
  client: { limit: 100, ttl: 15 * MINUTE },
} as const;

export type PasswordThrottler = keyof typeof PASSWORD_ATTEMPT_LIMITS;

/** ThrottlerModule.forRootAsync's factory: the two throttlers over the database storage. */
export function passwordThrottlerOptions(database: Database): ThrottlerModuleOptions {
  return {
    throttlers: Object.entries(PASSWORD_ATTEMPT_LIMITS).map(([name, { limit, ttl }]) => ({
      name,
      limit,
      ttl,
      blockDuration: 0,
    })),
    storage: new DatabaseThrottlerStorage(database.knex),
    // No X-RateLimit-* headers: they would tell a guesser how many tries are left.
    setHeaders: false,
  };
}

/** The hits the guard charged to a request, given back by refund() unless the password was refused. */
@Injectable()
export class PasswordAttempts {
  private readonly charges = new WeakMap<object, string[]>();

  constructor(@InjectThrottlerStorage() private readonly storage: ThrottlerStorage) {}

  charged(request: object, key: string): void {
    const keys = this.charges.get(request) ?? [];
    keys.push(key);
    this.charges.set(request, keys);
  }

  async refund(request: object): Promise<void> {
    const keys = this.charges.get(request) ?? [];
    this.charges.delete(request);
    if (!(this.storage instanceof DatabaseThrottlerStorage)) return;
    for (const key of keys) await this.storage.refund(key);
  }
}

/** Resolved by the guard for 'account': the case-insensitive username the password belongs to. */
export const accountTracker = (username: string) => username.trim().toLowerCase();
