import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { migrateUnderLock } from '@shop/infrastructure';

const TABLE = 'password_familiar_clients';
/** Arbitrary constant: serialises concurrent migrators (as the throttle table's does). */
const MIGRATION_LOCK_KEY = 4_711_2043;
const DAY = 86_400_000;
/** How long a client address stays familiar to an account after a password of it was accepted there. */
export const FAMILIAR_FOR_MS = 30 * DAY;

/**
 * Client addresses where an account's password was accepted lately ("smart lockout", as Microsoft
 * Entra ID and AWS Cognito do it): a familiar address gets an account budget of wrong passwords of
 * its own, so a stranger who spends the account's budget from elsewhere (anyone on the internet can
 * type ten wrong passwords for `admin`) locks out strangers, not the manager at the shop's till.
 * Pairs are stored as digests, as the throttle's keys are: the table is for matching, not for
 * reading who signed in where. Gateway state like the sessions, not a read model (no event made it).
 */
export class FamiliarClients {
  constructor(
    private readonly knex: Knex,
    private readonly now: () => Date = () => new Date(),
  ) {}

  static async migrate(knex: Knex): Promise<void> {
    await migrateUnderLock(knex, MIGRATION_LOCK_KEY, async (trx) => {
      await trx.raw(`
        create table if not exists ${TABLE} (
          pair_hash text primary key,
          accepted_at timestamptz not null
        )`);
      await trx.raw(`create index if not exists ${TABLE}_accepted_idx on ${TABLE} (accepted_at)`);
    });
  }

  async isFamiliar(account: string, client: string): Promise<boolean> {
    const row = await this.knex(TABLE)
      .where('pair_hash', pairDigest(account, client))
      .where('accepted_at', '>', new Date(this.now().getTime() - FAMILIAR_FOR_MS))
      .first('pair_hash');
    return row !== undefined;
  }

  /** A password of `account` was accepted from `client`: familiar from now on, for FAMILIAR_FOR_MS. */
  async remember(account: string, client: string): Promise<void> {
    const now = this.now();
    await this.knex.raw(
      `insert into ${TABLE} (pair_hash, accepted_at) values (?, ?)
       on conflict (pair_hash) do update set accepted_at = excluded.accepted_at`,
      [pairDigest(account, client), now],
    );
    await this.knex(TABLE)
      .where('accepted_at', '<=', new Date(now.getTime() - FAMILIAR_FOR_MS))
      .delete();
  }
}

const pairDigest = (account: string, client: string) =>
  createHash('sha256').update(`familiar:${account}\n${client}`).digest('hex');
