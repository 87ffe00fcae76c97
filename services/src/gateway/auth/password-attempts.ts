import { Inject, Injectable } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerModuleOptions, type ThrottlerStorage } from '@nestjs/throttler';
import type { Database } from '@shop/infrastructure';
import { DATABASE } from '../infrastructure/tokens';
import { DatabaseThrottlerStorage } from './database-throttler.storage';
import { FamiliarClients } from './familiar-clients.store';

const MINUTE = 60_000;

/**
 * Failed password attempts allowed in any 15 minutes (spec gives no figure; OWASP-style lockout):
 * - account: 10 per username (case-insensitive): slows guessing one password to 40 an hour, and a
 *   user who mistypes a few times is not locked out. Strangers share one budget per account,
 *   wherever they come from; a client address where the account's password was accepted in the last
 *   30 days has a budget of its own (FamiliarClients), so nobody can lock the manager out of the
 *   shop by typing wrong passwords for `admin` from elsewhere;
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

/**
 * The hits the guard charged to a request, given back by refund() unless the password was refused;
 * accepted() also makes the client familiar to the account.
 */
@Injectable()
export class PasswordAttempts {
  private readonly charges = new WeakMap<object, string[]>();
  private readonly attempters = new WeakMap<object, { account: string; client: string }>();
  private readonly familiar: FamiliarClients;

  constructor(
    @InjectThrottlerStorage() private readonly storage: ThrottlerStorage,
    @Inject(DATABASE) database: Database,
  ) {
    this.familiar = new FamiliarClients(database.knex);
  }

  /** The account budget an attempt from `client` draws on: the strangers' one, or its own where familiar. */
  async accountKey(request: object, account: string, client: string): Promise<string> {
    this.attempters.set(request, { account, client });
    return (await this.familiar.isFamiliar(account, client)) ? `${account}@${client}` : account;
  }

  /** The password was right: the attempt's hits go back, and its client is familiar to the account. */
  async accepted(request: object): Promise<void> {
    const attempter = this.attempters.get(request);
    this.attempters.delete(request);
    await this.refund(request);
    if (attempter) await this.familiar.remember(attempter.account, attempter.client);
  }

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
