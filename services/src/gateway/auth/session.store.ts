import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { SessionUser } from '@shop/contracts';
import { BatchedLookup } from '../../event-store';

const TABLE = 'gateway_sessions';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Sessions live in the database so any gateway behind a load balancer can serve any request.
 * Only a digest of the token is stored: a leaked table does not leak usable cookies.
 * A session is honoured only while its user is active and not deleted (checked on every request),
 * so deactivating a user ends their sessions at once.
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

  static async migrate(knex: Knex): Promise<void> {
    await knex.raw(`
      create table if not exists ${TABLE} (
        token_hash text primary key,
        user_id uuid not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null
      )`);
    await knex.raw(`create index if not exists ${TABLE}_user_idx on ${TABLE} (user_id)`);
  }

  async create(userId: string): Promise<{ token: string; expiresAt: Date }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + this.ttlHours * 3_600_000);
    await this.knex(TABLE).insert({ token_hash: digest(token), user_id: userId, expires_at: expiresAt });
    return { token, expiresAt };
  }

  async find(token: string): Promise<SessionUser | null> {
    return (await this.lookups.load(digest(token))) ?? null;
  }

  async revoke(token: string): Promise<void> {
    await this.knex(TABLE).where('token_hash', digest(token)).delete();
  }

  async revokeUser(userId: string, exceptToken: string | null = null): Promise<void> {
    const query = this.knex(TABLE).where('user_id', userId);
    if (exceptToken) query.whereNot('token_hash', digest(exceptToken));
    await query.delete();
  }

  async purgeExpired(): Promise<void> {
    await this.knex(TABLE).where('expires_at', '<=', this.knex.fn.now()).delete();
  }
}
