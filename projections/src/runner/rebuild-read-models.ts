import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import type { EventStore, GlobalPosition } from '@shop/infrastructure';
import { createReadModelTables } from '../read-model.migrations';
import { consoleLogger, type ProjectionLogger, type ReadModelProjection } from '../shared/projection';
import { StatementPipeline } from '../shared/projection-sql';
import { positionColumns } from '../shared/sql-values';
import {
  applyBatch,
  applyBatchToAll,
  compareNullable,
  inSchema,
  quoteIdentifier,
  type ApplyOutcome,
} from './apply-batch';
import { ensureCheckpoints, lockCheckpoints, readCheckpoints } from './checkpoint.store';
import { dropSecondaryIndexes, recreateIndexes } from './bulk-load-indexes';
import { handlesType, parseBatch, type EventBatch } from './event-batch';
import { safeErrorMessage } from './projection-error';
import { CarryStore } from './carry-store';
import { applyRecorded, recordBatch, type RecordedBatch } from './rebuild-batches';
import { reportSetAside } from './set-aside.report';
import { formatPosition } from './set-aside.store';

export interface RebuildProgress {
  readonly eventsRead: number;
  readonly elapsedMs: number;
  readonly eventsPerSecond: number;
  readonly position: GlobalPosition | null;
}

export interface RebuildOptions {
  readonly knex: Knex;
  readonly eventStore: EventStore;
  readonly projections: readonly ReadModelProjection[];
  /** Names of the projections to rebuild; all when absent. */
  readonly only?: readonly string[];
  readonly batchSize?: number;
  readonly onProgress?: (progress: RebuildProgress) => void;
  readonly logger?: ProjectionLogger;
  /**
   * How long the swap waits for the events committed before the rebuild began to become readable
   * (a write transaction still open anywhere on the server holds them back); then it swaps without
   * them and the live projector adds them. 30 s unless given.
   */
  readonly settleWaitMs?: number;
}

export interface RebuildResult {
  readonly eventsRead: number;
  readonly durationMs: number;
  readonly eventsPerSecond: number;
  /** Where the time went: replaying into the fresh tables, building their indexes, catching up and swapping. */
  readonly phasesMs: {
    readonly replay: number;
    readonly indexes: number;
    readonly vacuum: number;
    readonly swap: number;
  };
  readonly projections: readonly {
    readonly name: string;
    readonly eventsProjected: number;
    /** Events this projection set aside during the rebuild (see projection_set_aside). */
    readonly setAside: number;
    readonly rows: Readonly<Record<string, number>>;
  }[];
}

/** A rebuild that stopped: the read models in service were left as they were. */
export class RebuildError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'RebuildError';
  }
}

export function selectProjections(
  projections: readonly ReadModelProjection[],
  only: readonly string[] | undefined,
): ReadModelProjection[] {
  if (!only || only.length === 0) return [...projections];
  const known = new Map(projections.map((projection) => [projection.name, projection]));
  const unknown = only.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new Error(`Unknown projection(s): ${unknown.join(', ')}. Known: ${[...known.keys()].join(', ')}`);
  }
  return projections.filter((projection) => only.includes(projection.name));
}

/** Catch-up rounds before the swap gives up waiting for a live runner to stop moving ahead. */
const SWAP_ATTEMPTS = 10;
/** How long, and how often, the swap looks for the events committed before the rebuild began. */
const SETTLE_WAIT_MS = 30_000;
const SETTLE_POLL_MS = 50;

/**
 * Replays the whole store into FRESH tables and swaps them in only when complete. The fresh tables
 * live in a schema of their own, created from the same DDL as the live ones (each transaction's
 * search_path points there, so projections and applyBatch run unchanged, set-aside rules included:
 * a rebuild sets aside exactly what live projection did). Then, in ONE transaction under the live
 * checkpoint locks, the live tables are dropped, the fresh ones moved in, the checkpoints and
 * set-aside rows of the rebuilt projections replaced. Until that commit readers and the live runner
 * keep the old tables; on any failure they stay in service untouched and the fresh schema is dropped.
 * Rows that projections insert with `sql.insert` reach the fresh tables by COPY (CopyPipeline); a
 * batch that COPY refuses is applied again the plain way, which sets aside exactly as live does.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildResult> {
  const { knex, eventStore } = options;
  const logger = options.logger ?? consoleLogger;
  const batchSize = options.batchSize ?? 10_000;
  const selected = selectProjections(options.projections, options.only);
  const names = selected.map((projection) => projection.name);
  const tables = selected.flatMap((projection) => projection.tables);
  const liveSchema = await currentSchema(knex);
  const schema = `projection_rebuild_${randomBytes(6).toString('hex')}`;
  const started = Date.now();
  // Every event committed before the rebuild began goes into the fresh tables, even one that a write
  // transaction open elsewhere on the server keeps unreadable for now (the swap waits for it, below).
  const committedAtStart = await eventStore.newestCommittedPosition();

  await knex.raw(`create schema ${quoteIdentifier(schema)}`);
  let swapped = false;
  try {
    const dropped = await inSchema(knex, schema, async (trx) => {
      await createReadModelTables(trx);
      await ensureCheckpoints(trx, names);
      // Filling an empty table and indexing it once afterwards is much cheaper than row by row.
      return dropSecondaryIndexes(trx, tables);
    });

    const projected = new Map(names.map((name) => [name, 0]));
    const setAside = new Map(names.map((name) => [name, 0]));
    const count = (name: string, outcome: ApplyOutcome) => {
      if (outcome.status === 'gap') throw new Error(`Projection ${name} lost its place in the fresh tables`);
      projected.set(name, (projected.get(name) ?? 0) + outcome.projected);
      setAside.set(name, (setAside.get(name) ?? 0) + outcome.setAside.length);
      reportSetAside(logger, outcome.setAside);
    };
    const fetchBatch = (after: GlobalPosition | null): Promise<EventBatch | null> => {
      const fetching = eventStore
        .readAll({ after, limit: batchSize })
        .then((events) => parseBatch(after, events, logger));
      fetching.catch(() => undefined); // a failure surfaces where it is awaited, never as unhandled
      return fetching;
    };
    const carries = new CarryStore(true);
    const applyAll = async (batch: EventBatch, recorded: RecordedBatch) => {
      try {
        if (poolSize(knex) > 1) {
          // Projections touch disjoint tables and rows, so they may write side by side given connections.
          // allSettled: a failure is described only once every other projection's transaction has ended;
          // one still in flight would race describeFailure's replay of the same events.
          const applyOne = async (projection: ReadModelProjection) => {
            const sent = await applyRecorded(knex, schema, [projection], batch, recorded, carries);
            return sent?.get(projection.name) ?? applyBatch(knex, projection, batch, { schema, bulk: true });
          };
          const settled = await Promise.allSettled(
            selected.map(async (projection) => [projection.name, await applyOne(projection)] as const),
          );
          const failed = settled.find((result) => result.status === 'rejected');
          if (failed) throw failed.reason;
          for (const result of settled) if (result.status === 'fulfilled') count(result.value[0], result.value[1]);
          return;
        }
        // PGlite has one connection: one transaction per batch for all saves a commit per projection;
        // when it fails, each projection alone (applyBatch sets aside what it cannot apply).
        const together =
          (await applyRecorded(knex, schema, selected, batch, recorded, carries)) ??
          (await applyBatchToAll(knex, selected, batch, { schema, bulk: true }).catch(() => null));
        if (together) for (const [name, outcome] of together) count(name, outcome);
        else
          for (const projection of selected)
            count(projection.name, await applyBatch(knex, projection, batch, { schema }));
      } catch (error) {
        throw await describeFailure(knex, schema, selected, batch, error);
      }
    };

    let eventsRead = 0;
    let last: GlobalPosition | null = null;
    const applied = (batch: EventBatch) => {
      eventsRead += batch.entries.length;
      last = batch.last;
      const elapsedMs = Date.now() - started;
      options.onProgress?.({ eventsRead, elapsedMs, eventsPerSecond: rate(eventsRead, elapsedMs), position: last });
    };
    // Two batches in flight: one being written while the next is recorded (recordBatch).
    const replay = async () => {
      let next = fetchBatch(last);
      let writing: Promise<void> = Promise.resolve();
      try {
        for (;;) {
          const batch = await next;
          if (!batch) break;
          next = fetchBatch(batch.last);
          const recorded = await recordBatch(selected, batch, carries);
          const previous = writing;
          writing = previous.then(async () => {
            await applyAll(batch, recorded);
            applied(batch);
          });
          writing.catch(() => undefined); // surfaces below, where it is awaited
          await previous;
        }
      } finally {
        await writing.catch(() => undefined);
      }
      await writing;
    };
    await replay();
    const replayed = Date.now();
    await recreateIndexes(
      (statement) => inSchema(knex, schema, (trx) => trx.raw(statement)),
      dropped,
      Math.min(INDEX_BUILDS, poolSize(knex)),
    );

    const indexed = Date.now();
    // Statistics and the visibility map for the fresh tables before anyone reads them: a bulk-loaded
    // table has neither until autovacuum comes by, so the planner guesses and index-only scans visit
    // the heap (stock as of a date at 1,000,000 events: 50 -> 43 ms on PostgreSQL). Outside a
    // transaction, as VACUUM must be; the rebuild created these tables, so it owns them.
    for (const table of tables) await knex.raw(`vacuum (analyze) ${quoteIdentifier(schema)}.${quoteIdentifier(table)}`);
    const vacuumed = Date.now();
    await ensureCheckpoints(knex, names);
    const waitUntil = Date.now() + (options.settleWaitMs ?? SETTLE_WAIT_MS);
    while (committedAtStart && compareNullable(last, committedAtStart) < 0) {
      if (Date.now() >= waitUntil) {
        logger.warn(
          `events committed before the rebuild began are still unreadable (a write transaction is open on the ` +
            `database server); swapping without them, the live projector adds them once they are`,
        );
        break;
      }
      await sleep(SETTLE_POLL_MS);
      await replay();
    }
    for (let attempt = 1; ; attempt++) {
      // Events appended meanwhile (a live runner may have projected them into the old tables already).
      await replay();
      swapped = await swapIn(knex, { schema, liveSchema, names, tables, last, force: attempt >= SWAP_ATTEMPTS });
      if (swapped) break;
    }

    const durationMs = Date.now() - started;
    const phasesMs = {
      replay: replayed - started,
      indexes: indexed - replayed,
      vacuum: vacuumed - indexed,
      swap: started + durationMs - vacuumed,
    };
    const counts = [];
    for (const projection of selected) {
      const rows: Record<string, number> = {};
      for (const table of projection.tables) {
        const [row] = await knex(table).count<{ count: string | number }[]>({ count: '*' });
        rows[table] = Number(row?.count ?? 0);
      }
      counts.push({
        name: projection.name,
        eventsProjected: projected.get(projection.name) ?? 0,
        setAside: setAside.get(projection.name) ?? 0,
        rows,
      });
    }
    return { eventsRead, durationMs, eventsPerSecond: rate(eventsRead, durationMs), phasesMs, projections: counts };
  } finally {
    // After a swap it holds only what was not moved (other projections' empty tables).
    await knex.raw(`drop schema if exists ${quoteIdentifier(schema)} cascade`).catch((error: unknown) => {
      logger.warn(`could not drop ${schema}: ${safeErrorMessage(error)}; drop it by hand`);
    });
  }
}

/**
 * One transaction: lock the live checkpoints of the rebuilt projections (the live runner waits),
 * and unless one of them is already past the fresh tables (a live runner projected events the
 * rebuild has not read yet: catch up and try again, unless `force`), replace the live tables with
 * the fresh ones, and the checkpoints and set-aside rows with theirs. False: not swapped.
 */
async function swapIn(
  knex: Knex,
  swap: {
    schema: string;
    liveSchema: string;
    names: readonly string[];
    tables: readonly string[];
    last: GlobalPosition | null;
    force: boolean;
  },
): Promise<boolean> {
  const { schema, liveSchema, names, tables, last } = swap;
  const fresh = (table: string) => `${quoteIdentifier(schema)}.${quoteIdentifier(table)}`;
  const live = (table: string) => `${quoteIdentifier(liveSchema)}.${quoteIdentifier(table)}`;
  return knex.transaction(async (trx) => {
    const locked = await lockCheckpoints(trx, names);
    if (!swap.force && locked.some((checkpoint) => compareNullable(checkpoint.position, last) > 0)) return false;
    for (const table of tables) {
      await trx.raw(`drop table if exists ${live(table)}`);
      await trx.raw(`alter table ${fresh(table)} set schema ${quoteIdentifier(liveSchema)}`);
    }
    const columns = last ? positionColumns(last) : { commit: null, prepare: null };
    await trx.raw(
      `update ${live('projection_checkpoints')} set "commit" = ?, "prepare" = ?, updated_at = now()
       where name in (select jsonb_array_elements_text(?::jsonb))`,
      [columns.commit, columns.prepare, JSON.stringify(names)],
    );
    // The replay's set-aside rows replace the live ones; an event set aside by both keeps its first failure.
    await trx.raw(
      `insert into ${live('projection_set_aside')} as kept
         (projection, "commit", "prepare", event_id, stream_id, event_type, error_message, first_failed_at, last_failed_at, attempts)
       select projection, "commit", "prepare", event_id, stream_id, event_type, error_message, first_failed_at, last_failed_at, attempts
       from ${fresh('projection_set_aside')}
       on conflict (projection, "commit", "prepare") do update
         set error_message = excluded.error_message, last_failed_at = excluded.last_failed_at,
             attempts = kept.attempts + excluded.attempts`,
    );
    await trx.raw(
      `delete from ${live('projection_set_aside')} kept
       where projection in (select jsonb_array_elements_text(?::jsonb))
         and not exists (select 1 from ${fresh('projection_set_aside')} f
                         where f.projection = kept.projection and f."commit" = kept."commit" and f."prepare" = kept."prepare")`,
      [JSON.stringify(names)],
    );
    return true;
  });
}

/**
 * The error of a batch that could not be applied, naming the event: each handled event of the batch
 * is applied again alone, in a transaction that is always rolled back, until one fails.
 */
async function describeFailure(
  knex: Knex,
  schema: string,
  projections: readonly ReadModelProjection[],
  batch: EventBatch,
  error: unknown,
): Promise<RebuildError> {
  const untouched = 'the read models in service were left untouched';
  const rollback = new Error('rollback');
  let culprit: string | null = null;
  for (const projection of projections) {
    const [stored] = await inSchema(knex, schema, (trx) => readCheckpoints(trx, [projection.name]));
    for (const entry of batch.entries) {
      if (culprit || !handlesType(projection.handles, entry.stored.type) || !entry.parsed) continue;
      if (compareNullable(entry.stored.position, stored?.position ?? null) <= 0) continue;
      const event = entry.parsed;
      await inSchema(knex, schema, async (trx) => {
        try {
          const sql = new StatementPipeline(trx);
          await projection.project([event], sql);
          await sql.flush();
        } catch (failure) {
          culprit =
            `projection ${projection.name} failed on event ${formatPosition(entry.stored.position)} ` +
            `(stream ${entry.stored.streamId}, type ${entry.stored.type}): ${safeErrorMessage(failure)}`;
        }
        throw rollback;
      }).catch((thrown: unknown) => {
        if (thrown !== rollback) throw thrown;
      });
    }
  }
  const where =
    culprit ?? `failed in the batch of events up to ${formatPosition(batch.last)}: ${safeErrorMessage(error)}`;
  return new RebuildError(`Rebuild stopped: ${where}; ${untouched}`, error);
}

async function currentSchema(knex: Knex): Promise<string> {
  const result = await knex.raw<{ rows: { schema: string }[] }>('select current_schema() as schema');
  const schema = result.rows[0]?.schema;
  if (!schema) throw new Error('The database connection has no current schema');
  return schema;
}

/** Index builds side by side on a server: a few, to bound their memory (maintenance_work_mem each). */
const INDEX_BUILDS = 3;

const poolSize = (knex: Knex): number => Number((knex.client as { pool?: { max?: number } }).pool?.max ?? 1);

const rate = (events: number, ms: number) => (ms > 0 ? Math.round((events * 1000) / ms) : events);
