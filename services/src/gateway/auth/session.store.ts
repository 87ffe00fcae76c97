import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { SessionUser } from '@shop/contracts';
import { BatchedLookup, dropRetiredColumns, migrateUnderLock } from '@shop/infrastructure';

const TABLE = 'gateway_sessions';
const MIGRATION_LOCK_KEY = 4_711_2060;

/** How long a confirmed session is trusted without asking the database again. */
const CONFIRMED_SESSION_MS = 1_000;
const MAX_CONFIRMED = 10_000;

/** What a session row is keyed by: a leaked table does not leak usable cookies. */
export const sessionDigest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sessions live in the database so any gateway behind a load balancer can serve any request.
 * Only a digest of the token is stored: a leaked table does not leak usable cookies.
 * A session is honoured only while its user is active and not deleted (checked on every request),
 * so deactivating a user ends their sessions at once.
 *
 * A confirmed session is remembered for CONFIRMED_SESSION_MS, so a burst of requests (the till, a
 * busy stock count) does not query for each one. Revoking here forgets at once; another gateway
 * may still honour a revoked session for at most that long.
 */
export class SessionStore {
  constructor(
    private readonly knex: Knex,
    private readonly ttlHours: number,
  ) {}

  /** Every request checks its session: concurrent requests share one query (see BatchedLookup). */
  private readonly lookups = new BatchedLookup<string, SessionUser>(async (tokenHashes) => {
    const rows = await this.knex(`${TABLE} as s`)
      .join('users as u', 'u.id', 's.user_id')
      .whereIn('s.token_hash', tokenHashes)
      .andWhere('s.expires_at', '>', this.knex.fn.now())
      .andWhere('u.is_active', true)
      .whereNull('u.deleted_at')
      .select('s.token_hash', 'u.id', 'u.username', 'u.role');
    return new Map(
      rows.map((row): [string, SessionUser] => [
        row.token_hash,
        { id: row.id, username: row.username, role: row.role },
      ]),
    );
  });

  /** Under its own lock, as the other schemas: gateways starting at once would race on pg_type. */
  static async migrate(knex: Knex): Promise<void> {
    await migrateUnderLock(knex, MIGRATION_LOCK_KEY, async (trx) => {
      await trx.raw(`
        create table if not exists ${TABLE} (
          token_hash text primary key,
          user_id uuid not null,
          created_at timestamptz not null default now(),
          expires_at timestamptz not null
        )`);
      await trx.raw(`create index if not exists ${TABLE}_user_idx on ${TABLE} (user_id)`);
      // Retired: each session's last write position, stored on every movement and sale until reads
      // waited for the store's high-water mark instead (see ReadFreshness). Dropped only while there:
      // ALTER TABLE would lock the sessions, which every request reads, at each start.
      await trx.raw(dropRetiredColumns(TABLE, ['written_commit', 'written_prepare']));
    });
  }

  async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.ttlHours * 3_600_000);
    await this.knex(TABLE).insert({ token_hash: sessionDigest(token), user_id: userId, expires_at: expiresAt });
    return { token, expiresAt };
  }

  private readonly confirmed = new Map<string, { user: SessionUser; until: number }>();
  /** Bumped by every revocation: a lookup that raced one is not remembered. */
  private revocations = 0;

  async find(token: string): Promise<SessionUser | null> {
    const tokenHash = sessionDigest(token);
    const now = Date.now();
    const known = this.confirmed.get(tokenHash);
    if (known && known.until > now) return known.user;
    const revocationsBefore = this.revocations;
    const user = (await this.lookups.load(tokenHash)) ?? null;
    if (user && this.revocations === revocationsBefore) {
      if (this.confirmed.size >= MAX_CONFIRMED) this.confirmed.clear();
      this.confirmed.set(tokenHash, { user, until: now + CONFIRMED_SESSION_MS });
    } else {
      this.confirmed.delete(tokenHash);
    }
    return user;
  }

  async revoke(token: string): Promise<void> {
    const tokenHash = sessionDigest(token);
    const matches = (hash: string) => hash === tokenHash;
    this.forget(matches);
    await this.knex(TABLE).where('token_hash', tokenHash).delete();
    this.forget(matches);
  }

  async revokeUser(userId: string, exceptToken: string | null = null): Promise<void> {
    const kept = exceptToken ? sessionDigest(exceptToken) : null;
    const matches = (tokenHash: string, user: SessionUser) => user.id === userId && tokenHash !== kept;
    this.forget(matches);
    const query = this.knex(TABLE).where('user_id', userId);
    if (kept) query.whereNot('token_hash', kept);
    await query.delete();
    // Again after the delete: a lookup that read the row before it went may have come back meanwhile.
    this.forget(matches);
  }

  private forget(matches: (tokenHash: string, user: SessionUser) => boolean): void {
    this.revocations += 1;
    for (const [tokenHash, entry] of this.confirmed)
      if (matches(tokenHash, entry.user)) this.confirmed.delete(tokenHash);
  }

  async purgeExpired(): Promise<void> {
    await this.knex(TABLE).where('expires_at', '<=', this.knex.fn.now()).delete();
  }
}
