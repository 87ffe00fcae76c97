import type { Knex } from 'knex';
import { BatchedLookup, comparePositions, type GlobalPosition } from '@shop/infrastructure';

const TABLE = 'gateway_sessions';

/**
 * The consistency token of each session: the position of its last write that answered without
 * waiting for the read models (see @AnswersFromEvents). It lives in the session row, so every
 * gateway sees it; a later request of that session waits until the read models reach it.
 * Concurrent writes and lookups share one statement each (see BatchedLookup).
 */
export class SessionPositions {
  /** The highest position waiting to be stored, per session digest. */
  private readonly toStore = new Map<string, GlobalPosition>();

  constructor(private readonly knex: Knex) {}

  static async migrate(knex: Knex): Promise<void> {
    await knex.raw(
      `alter table ${TABLE} add column if not exists written_commit bigint, add column if not exists written_prepare bigint`,
    );
  }

  private readonly stores = new BatchedLookup<string, true>(async (tokenHashes) => {
    const hashes: string[] = [];
    const commits: string[] = [];
    const prepares: string[] = [];
    for (const tokenHash of tokenHashes) {
      const position = this.toStore.get(tokenHash);
      this.toStore.delete(tokenHash);
      if (!position) continue;
      hashes.push(tokenHash);
      commits.push(position.commit.toString());
      prepares.push(position.prepare.toString());
    }
    if (hashes.length > 0)
      // Only forward: two gateways storing for one session keep the higher position.
      await this.knex.raw(
        `update ${TABLE} s set written_commit = v.c, written_prepare = v.p
           from unnest(?::text[], ?::bigint[], ?::bigint[]) as v(h, c, p)
          where s.token_hash = v.h
            and (s.written_commit is null or (s.written_commit, s.written_prepare) < (v.c, v.p))`,
        [hashes, commits, prepares],
      );
    return new Map(tokenHashes.map((tokenHash) => [tokenHash, true]));
  });

  private readonly lookups = new BatchedLookup<string, GlobalPosition>(async (tokenHashes) => {
    const { rows } = await this.knex.raw<{ rows: { token_hash: string; commit: string; prepare: string }[] }>(
      `select token_hash, written_commit::text as commit, written_prepare::text as prepare
         from ${TABLE} where token_hash = any(?::text[]) and written_commit is not null`,
      [[...tokenHashes]],
    );
    return new Map(
      rows.map((row): [string, GlobalPosition] => [
        row.token_hash,
        { commit: BigInt(row.commit), prepare: BigInt(row.prepare) },
      ]),
    );
  });

  /** Stores `position` as the session's last write; resolves once it is stored. */
  async record(tokenHash: string, position: GlobalPosition): Promise<void> {
    const pending = this.toStore.get(tokenHash);
    if (!pending || comparePositions(pending, position) < 0) this.toStore.set(tokenHash, position);
    await this.stores.load(tokenHash);
  }

  /** The session's last write that did not wait for the read models, or null. */
  async lastWrite(tokenHash: string): Promise<GlobalPosition | null> {
    return (await this.lookups.load(tokenHash)) ?? null;
  }
}
