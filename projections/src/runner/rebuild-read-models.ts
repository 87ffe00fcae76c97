import type { Knex } from 'knex';
import type { EventStore, GlobalPosition } from '@shop/services/event-store';
import { consoleLogger, type ProjectionLogger, type ReadModelProjection } from '../shared/projection';
import { applyBatch, applyBatchToAll, type ApplyOutcome } from './apply-batch';
import { ensureCheckpoints, lockCheckpoint, writeCheckpoint } from './checkpoint.store';
import { dropSecondaryIndexes, recreateIndexes, type DroppedIndex } from './bulk-load-indexes';
import { parseBatch, type EventBatch } from './event-batch';

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
}

export interface RebuildResult {
  readonly eventsRead: number;
  readonly durationMs: number;
  readonly eventsPerSecond: number;
  readonly projections: readonly {
    readonly name: string;
    readonly eventsProjected: number;
    readonly rows: Readonly<Record<string, number>>;
  }[];
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

/**
 * Empties the selected read models and replays the whole store into them in large batches.
 * The reset (truncate + checkpoint to null) is one transaction under the checkpoint row locks, and
 * each batch then goes through applyBatch like live events: a runner still running elsewhere sees
 * the reset as a gap and catches up from the checkpoint too, without ever double-applying.
 * Readers of those tables wait while the truncating transaction runs (TRUNCATE's lock), then see
 * them fill up; plain indexes are dropped for the load and rebuilt at the end.
 */
export async function rebuildReadModels(options: RebuildOptions): Promise<RebuildResult> {
  const { knex, eventStore } = options;
  const logger = options.logger ?? consoleLogger;
  const batchSize = options.batchSize ?? 10_000;
  const selected = selectProjections(options.projections, options.only);
  const dropped = await resetProjections(knex, selected);

  const started = Date.now();
  const projected = new Map(selected.map((projection) => [projection.name, 0]));
  // Reads and parses the next batch while the current one is written.
  const fetchBatch = (after: GlobalPosition | null): Promise<EventBatch | null> => {
    const fetching = eventStore
      .readAll({ after, limit: batchSize })
      .then((events) => parseBatch(after, events, logger));
    fetching.catch(() => undefined); // a failure surfaces where it is awaited, never as unhandled
    return fetching;
  };
  const count = (name: string, outcome: ApplyOutcome) => {
    if (outcome.status === 'gap') {
      throw new Error(`Projection ${name} was reset while rebuilding: is another rebuild running?`);
    }
    projected.set(name, (projected.get(name) ?? 0) + outcome.projected);
  };
  // Projections touch disjoint tables and rows, so they may write side by side given connections;
  // PGlite has one: there one transaction per batch for all of them saves a commit and a checkpoint
  // lock and write per projection.
  const applyAll =
    poolSize(knex) > 1
      ? (batch: EventBatch) =>
          Promise.all(
            selected.map(async (projection) => count(projection.name, await applyBatch(knex, projection, batch))),
          )
      : async (batch: EventBatch) => {
          for (const [name, outcome] of await applyBatchToAll(knex, selected, batch)) count(name, outcome);
        };

  let eventsRead = 0;
  let next = fetchBatch(null);
  for (;;) {
    const batch = await next;
    if (!batch) break;
    next = fetchBatch(batch.last);
    await applyAll(batch);
    eventsRead += batch.entries.length;
    const elapsedMs = Date.now() - started;
    options.onProgress?.({ eventsRead, elapsedMs, eventsPerSecond: rate(eventsRead, elapsedMs), position: batch.last });
  }
  await recreateIndexes(knex, dropped, Math.min(INDEX_BUILDS, poolSize(knex)));

  const durationMs = Date.now() - started;
  const counts = [];
  for (const projection of selected) {
    const rows: Record<string, number> = {};
    for (const table of projection.tables) {
      const [row] = await knex(table).count<{ count: string | number }[]>({ count: '*' });
      rows[table] = Number(row?.count ?? 0);
    }
    counts.push({ name: projection.name, eventsProjected: projected.get(projection.name) ?? 0, rows });
  }
  return { eventsRead, durationMs, eventsPerSecond: rate(eventsRead, durationMs), projections: counts };
}

async function resetProjections(knex: Knex, projections: readonly ReadModelProjection[]): Promise<DroppedIndex[]> {
  const names = projections.map((projection) => projection.name);
  await ensureCheckpoints(knex, names);
  return knex.transaction(async (trx) => {
    // Sorted lock order: two concurrent resets cannot deadlock each other.
    for (const name of [...names].sort()) await lockCheckpoint(trx, name);
    const tables = projections.flatMap((projection) => projection.tables);
    if (tables.length > 0) await trx.raw(`truncate table ${tables.map(() => '??').join(', ')}`, tables);
    for (const name of names) await writeCheckpoint(trx, name, null);
    return dropSecondaryIndexes(trx, tables);
  });
}

/** Index builds side by side on a server: a few, to bound their memory (maintenance_work_mem each). */
const INDEX_BUILDS = 3;

const poolSize = (knex: Knex): number => Number((knex.client as { pool?: { max?: number } }).pool?.max ?? 1);

const rate = (events: number, ms: number) => (ms > 0 ? Math.round((events * 1000) / ms) : events);
