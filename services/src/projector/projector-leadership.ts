import { Client } from 'pg';

/** Advisory lock keys (two int4): the app's namespace, then "the active projector". */
const LOCK_SPACE = 0x6c6f77; // "low" of Glow: keeps clear of the migration and rate-limit locks
const PROJECTOR_LOCK = 1;

export interface LeadershipOptions {
  readonly databaseUrl: string;
  /** How often a standby tries the lock (default 1 s: takeover within about a second of the leader dying). */
  readonly pollMs?: number;
  /** Called when the lock connection breaks while leading: the lock may already be someone else's. */
  readonly onLost: (error: Error) => void;
}

/**
 * Exactly one active projector among many: a PostgreSQL session advisory lock held on a dedicated
 * connection. PostgreSQL releases it when that session ends, so a leader killed with SIGKILL (or cut
 * off) frees it at once and a standby polling pg_try_advisory_lock takes over. Two leaders for a
 * moment would still be safe (checkpoints move in the same transaction as the rows); the lock only
 * keeps the standbys from doing the work twice.
 */
export class ProjectorLeadership {
  private client: Client | null = null;
  private stopped = false;
  private wake: (() => void) | null = null;
  private leading = false;

  constructor(private readonly options: LeadershipOptions) {}

  get isLeader(): boolean {
    return this.leading;
  }

  /** Resolves true once this process holds the lock, false if stop() came first. */
  async acquire(): Promise<boolean> {
    while (!this.stopped) {
      try {
        const client = await this.connection();
        const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [
          LOCK_SPACE,
          PROJECTOR_LOCK,
        ]);
        if (result.rows[0]?.locked) {
          this.leading = true;
          return true;
        }
      } catch {
        // The database is away: drop the connection and try again on the next poll.
        await this.dropConnection();
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.options.pollMs ?? 1_000);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = null;
    }
    return false;
  }

  /** Stops waiting, releases the lock if held and closes the connection. */
  async release(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    const client = this.client;
    if (client && this.leading) {
      this.leading = false;
      await client.query('select pg_advisory_unlock($1, $2)', [LOCK_SPACE, PROJECTOR_LOCK]).catch(() => undefined);
    }
    await this.dropConnection();
  }

  private async connection(): Promise<Client> {
    if (this.client) return this.client;
    const client = new Client({
      connectionString: this.options.databaseUrl,
      application_name: 'glow-projector-lock',
      keepAlive: true,
    });
    const lost = (error: Error) => {
      if (this.client !== client) return;
      this.client = null;
      if (this.leading && !this.stopped) {
        this.leading = false;
        this.options.onLost(error);
      }
    };
    client.on('error', lost);
    client.on('end', () => lost(new Error('the lock connection closed')));
    await client.connect();
    this.client = client;
    return client;
  }

  private async dropConnection(): Promise<void> {
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
