import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

const TABLE = 'media_uploads';
/** Namespaces the per-user advisory locks that make count-then-insert atomic across gateways (arbitrary). */
const USER_LOCK_SPACE = 4_711_2051;
const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Extensions kept from the browser's file name, so a stored path still says whether it is a video. */
const EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'gif', 'webp', 'avif', 'bmp', 'mp4', 'webm', 'ogg', 'mov']);

export interface UploadTicket {
  readonly fileName: string;
  readonly token: string;
  readonly expiresAt: Date;
}

/** The user already holds LIMITS.maxOpenUploadTicketsPerUser open tickets; one expires in `retryAfterSeconds`. */
export interface TooManyOpenTickets {
  readonly refused: 'too-many-open';
  readonly retryAfterSeconds: number;
}

/** `owner-gone`: the user the ticket was issued to is inactive or deleted now. */
export type RedeemResult = 'ok' | 'unknown' | 'expired' | 'used' | 'owner-gone';

/**
 * Upload tickets: a random token per file, stored as a digest, valid once and for a few minutes.
 * Kept in the database so any gateway can accept the PUT that another gateway issued.
 */
export class MediaUploadStore {
  constructor(
    private readonly knex: Knex,
    private readonly ttlMinutes = 15,
  ) {}

  static async migrate(knex: Knex): Promise<void> {
    await knex.raw(`
      create table if not exists ${TABLE} (
        file_name text primary key,
        token_hash text not null,
        issued_to uuid not null,
        expires_at timestamptz not null,
        used_at timestamptz,
        content_type text,
        size_bytes bigint
      )`);
    // The open tickets of one user, counted on every issue.
    await knex.raw(
      `create index if not exists ${TABLE}_open_idx on ${TABLE} (issued_to, expires_at) where used_at is null`,
    );
  }

  /**
   * A new ticket, unless the user already holds `maxOpen` tickets that have neither taken their file
   * nor expired (then nothing is stored). Counted under a per-user lock, so parallel requests cannot
   * all slip past the count.
   */
  async issue(
    userId: string,
    originalName: string | undefined,
    maxOpen: number,
  ): Promise<UploadTicket | TooManyOpenTickets> {
    const extension = originalName?.toLowerCase().match(/\.([a-z0-9]{2,5})$/)?.[1];
    const fileName = `${randomUUID()}${extension && EXTENSIONS.has(extension) ? `.${extension}` : ''}`;
    const token = randomBytes(32).toString('base64url');
    return this.knex.transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [USER_LOCK_SPACE, userId]);
      const now = Date.now();
      const open = await trx(TABLE)
        .where({ issued_to: userId })
        .whereNull('used_at')
        .andWhere('expires_at', '>', new Date(now))
        .first(trx.raw('count(*)::int as n'), trx.raw('min(expires_at) as first_expiry'));
      if (open && open.n >= maxOpen)
        return {
          refused: 'too-many-open',
          retryAfterSeconds: Math.max(1, Math.ceil((new Date(open.first_expiry).getTime() - now) / 1000)),
        };
      const expiresAt = new Date(now + this.ttlMinutes * 60_000);
      await trx(TABLE).insert({
        file_name: fileName,
        token_hash: digest(token),
        issued_to: userId,
        expires_at: expiresAt,
      });
      return { fileName, token, expiresAt };
    });
  }

  /** Whether a PUT may proceed. The ticket is spent only by `complete`, so a failed upload can be retried. */
  async check(fileName: string, token: string): Promise<RedeemResult> {
    const row = await this.knex(`${TABLE} as m`)
      .leftJoin('users as u', 'u.id', 'm.issued_to')
      .where({ 'm.file_name': fileName, 'm.token_hash': digest(token) })
      .first('m.used_at', 'm.expires_at', this.knex.raw('(u.is_active and u.deleted_at is null) as owner_active'));
    if (!row) return 'unknown';
    if (row.used_at) return 'used';
    if (new Date(row.expires_at).getTime() <= Date.now()) return 'expired';
    // As a session is: the ticket is honoured only while its user is active and not deleted.
    return row.owner_active === true ? 'ok' : 'owner-gone';
  }

  /**
   * Spends the ticket for a stored file; false when another PUT completed first (single use) or, when
   * `ownerMustBeActive`, its user was deactivated or deleted while the file came in.
   */
  async complete(
    fileName: string,
    token: string,
    contentType: string,
    sizeBytes: number,
    ownerMustBeActive = false,
  ): Promise<boolean> {
    const claimed = await this.knex(TABLE)
      .where({ file_name: fileName, token_hash: digest(token) })
      .whereNull('used_at')
      .modify((query) => {
        if (ownerMustBeActive)
          void query.whereExists(
            this.knex('users as u')
              .whereRaw('u.id = ??', [`${TABLE}.issued_to`])
              .andWhere('u.is_active', true)
              .whereNull('u.deleted_at'),
          );
      })
      .update({ used_at: this.knex.fn.now(), content_type: contentType, size_bytes: sizeBytes });
    return claimed === 1;
  }

  /** Which of these file names hold a completed upload (for S3: an upload URL this app issued). */
  async uploaded(fileNames: readonly string[]): Promise<Set<string>> {
    if (fileNames.length === 0) return new Set();
    const rows: Array<{ file_name: string }> = await this.knex(TABLE)
      .whereIn('file_name', [...fileNames])
      .whereNotNull('used_at')
      .select('file_name');
    return new Set(rows.map((row) => row.file_name));
  }

  async contentType(fileName: string): Promise<string | null> {
    const row = await this.knex(TABLE).where({ file_name: fileName }).whereNotNull('used_at').first('content_type');
    return row?.content_type ?? null;
  }
}
