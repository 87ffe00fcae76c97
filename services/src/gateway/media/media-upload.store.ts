import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { migrateUnderLock } from '@shop/infrastructure';
import { MEDIA_PATH_PREFIX, mediaPathOf } from '@shop/contracts';

const TABLE = 'media_uploads';
/** A product write that claimed its files is over long before this; until then the sweep keeps them. */
const CLAIM_HOLD_MS = 10 * 60_000;
const MIGRATION_LOCK_KEY = 4_711_2050;
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
    await migrateUnderLock(knex, MIGRATION_LOCK_KEY, async (trx) => {
      await trx.raw(`
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
      await trx.raw(
        `create index if not exists ${TABLE}_open_idx on ${TABLE} (issued_to, expires_at) where used_at is null`,
      );
      // claimed_at: a product write is about to record the file; attached_at: it did. Files uploaded before
      // these columns existed may be on a product already: they count as attached, so they are always kept.
      const { rows } = await trx.raw(
        `select 1 from information_schema.columns
          where table_schema = current_schema() and table_name = ? and column_name = 'attached_at'`,
        [TABLE],
      );
      if (rows.length === 0) {
        await trx.raw(`alter table ${TABLE} add column claimed_at timestamptz, add column attached_at timestamptz`);
        await trx.raw(`update ${TABLE} set attached_at = used_at where used_at is not null`);
      }
      // The sweep's candidates, oldest first.
      await trx.raw(
        `create index if not exists ${TABLE}_unattached_expiry_idx on ${TABLE} (expires_at) where attached_at is null`,
      );
      // The bytes of one user on no product yet, summed on every upload.
      await trx.raw(
        `create index if not exists ${TABLE}_unattached_idx on ${TABLE} (issued_to)
          where used_at is not null and attached_at is null`,
      );
    });
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
  async check(fileName: string, token: string): Promise<{ status: RedeemResult; owner?: string }> {
    const row = await this.knex(`${TABLE} as m`)
      .leftJoin('users as u', 'u.id', 'm.issued_to')
      .where({ 'm.file_name': fileName, 'm.token_hash': digest(token) })
      .first(
        'm.used_at',
        'm.expires_at',
        'm.issued_to',
        this.knex.raw('(u.is_active and u.deleted_at is null) as owner_active'),
      );
    if (!row) return { status: 'unknown' };
    const owner: string = row.issued_to;
    if (row.used_at) return { status: 'used', owner };
    if (new Date(row.expires_at).getTime() <= Date.now()) return { status: 'expired', owner };
    // As a session is: the ticket is honoured only while its user is active and not deleted.
    return { status: row.owner_active === true ? 'ok' : 'owner-gone', owner };
  }

  /**
   * Spends the ticket for a stored file: `spent` when another PUT completed first (single use) or, when
   * `ownerMustBeActive`, its user was deactivated or deleted while the file came in; `no-room` when the
   * file would take its user's bytes on no product past `maxUnattachedBytes` (counted under the user's lock).
   */
  async complete(
    fileName: string,
    token: string,
    contentType: string,
    sizeBytes: number,
    options: { ownerMustBeActive?: boolean; maxUnattachedBytes?: number } = {},
  ): Promise<'ok' | 'spent' | 'no-room'> {
    return this.knex.transaction(async (trx) => {
      const ticket = await trx(TABLE)
        .where({ file_name: fileName, token_hash: digest(token) })
        .first('issued_to');
      if (!ticket) return 'spent';
      await trx.raw('select pg_advisory_xact_lock(?, hashtext(?))', [USER_LOCK_SPACE, ticket.issued_to]);
      if (
        options.maxUnattachedBytes !== undefined &&
        (await unattachedBytes(trx, ticket.issued_to)) + sizeBytes > options.maxUnattachedBytes
      )
        return 'no-room';
      const claimed = await trx(TABLE)
        .where({ file_name: fileName, token_hash: digest(token) })
        .whereNull('used_at')
        .modify((query) => {
          if (options.ownerMustBeActive)
            void query.whereExists(
              trx('users as u')
                .whereRaw('u.id = ??', [`${TABLE}.issued_to`])
                .andWhere('u.is_active', true)
                .whereNull('u.deleted_at'),
            );
        })
        .update({ used_at: trx.fn.now(), content_type: contentType, size_bytes: sizeBytes });
      return claimed === 1 ? 'ok' : 'spent';
    });
  }

  /** The bytes that this user has uploaded and no product holds yet. */
  unattachedBytesOf(userId: string): Promise<number> {
    return unattachedBytes(this.knex, userId);
  }

  /**
   * Which of these file names hold a completed upload (for S3: an upload URL this app issued), holding
   * them for a product about to be recorded (`claimed_at`): an orphan sweep leaves them alone meanwhile.
   */
  async claim(fileNames: readonly string[]): Promise<Set<string>> {
    if (fileNames.length === 0) return new Set();
    const rows: Array<{ file_name: string }> = await this.knex(TABLE)
      .whereIn('file_name', [...fileNames])
      .whereNotNull('used_at')
      .update({ claimed_at: this.knex.fn.now() })
      .returning('file_name');
    return new Set(rows.map((row) => row.file_name));
  }

  /** A product holding these files is recorded: they no longer count against their user, and are kept. */
  async attach(fileNames: readonly string[]): Promise<void> {
    if (fileNames.length === 0) return;
    await this.knex(TABLE)
      .whereIn('file_name', [...fileNames])
      .whereNull('attached_at')
      .update({ attached_at: this.knex.fn.now() });
  }

  /**
   * Forgets at most `limit` tickets that expired before `cutoff` and whose file no product holds: not
   * attached, not claimed by a product write in the last minutes, and in no product of the products read
   * model (deleted ones included), which covers a product recorded whose marking failed. Rows locked by
   * a product write at this moment are skipped. Answers the file names that had taken a file.
   */
  async sweep(cutoff: Date, limit: number): Promise<string[]> {
    const claimHeldSince = new Date(Date.now() - CLAIM_HOLD_MS);
    const { rows } = await this.knex.raw(
      `delete from ${TABLE} m
        where m.file_name in (
          select c.file_name from ${TABLE} c
           where c.expires_at < ? and c.attached_at is null and (c.claimed_at is null or c.claimed_at < ?)
             and not exists (select 1 from products p where p.images @> jsonb_build_array(?::text || c.file_name))
           order by c.expires_at
           limit ?
           for update skip locked)
        returning m.file_name, m.used_at`,
      [cutoff, claimHeldSince, MEDIA_PATH_PREFIX, limit],
    );
    return (rows as Array<{ file_name: string; used_at: Date | null }>)
      .filter((row) => row.used_at !== null)
      .map((row) => row.file_name);
  }

  /** Whether a product of the products read model (deleted ones included) names this file. */
  async onProduct(fileName: string): Promise<boolean> {
    const row = await this.knex('products')
      .whereRaw('images @> jsonb_build_array(?::text)', [mediaPathOf(fileName)])
      .first(this.knex.raw('1'));
    return row !== undefined;
  }

  async contentType(fileName: string): Promise<string | null> {
    const row = await this.knex(TABLE).where({ file_name: fileName }).whereNotNull('used_at').first('content_type');
    return row?.content_type ?? null;
  }
}

async function unattachedBytes(db: Knex, userId: string): Promise<number> {
  const row = await db(TABLE)
    .where({ issued_to: userId })
    .whereNotNull('used_at')
    .whereNull('attached_at')
    .first(db.raw('coalesce(sum(size_bytes), 0)::text as n'));
  return Number(row?.n ?? 0);
}
