import type { Knex } from 'knex';
import { comparePositions, type GlobalPosition, type StoredEvent } from '@shop/infrastructure';
import type { ProjectedEvent, ReadModelProjection } from '../shared/projection';
import { StatementPipeline, type ProjectionSql } from '../shared/projection-sql';
import { CopyPipeline } from './copy-pipeline';
import {
  lockCheckpoint,
  lockCheckpoints,
  moveCheckpointsFrom,
  queueCheckpointMove,
  writeCheckpoint,
} from './checkpoint.store';
import { handlesType, type BatchEntry, type EventBatch } from './event-batch';
import { isEventSpecific, safeErrorMessage } from './projection-error';
import { recordSetAside } from './set-aside.store';

/** An event a projection could not apply and set aside in this transaction (see projection_set_aside). */
export interface SetAsideNotice {
  readonly projection: string;
  readonly stored: StoredEvent;
  readonly message: string;
}

export interface ApplyOutcome {
  /**
   * applied: the checkpoint moved to the end of the batch. noop: it was already there.
   * gap: the checkpoint is before the batch's start (a rebuild reset it, or this projection fell
   * behind), so the batch alone cannot bring it up to date: read from the checkpoint instead.
   */
  readonly status: 'applied' | 'noop' | 'gap';
  /** The checkpoint after the transaction, as stored. */
  readonly checkpoint: GlobalPosition | null;
  readonly projected: number;
  /** Events set aside by this batch (the checkpoint moved past them). */
  readonly setAside: readonly SetAsideNotice[];
}

export interface ApplyOptions {
  /**
   * A schema to write in instead of the connection's own (a rebuild's fresh tables): set as the
   * transaction's search_path, so projections' unqualified table names land there.
   */
  readonly schema?: string;
  /**
   * Rows inserted with sql.insert go by COPY (CopyPipeline): for a rebuild's fresh tables only. A
   * batch that fails that way is applied again the plain way, which sets aside as live projection does.
   */
  readonly bulk?: boolean;
}

/** null is "before everything". */
const compareNullable = (a: GlobalPosition | null, b: GlobalPosition | null): number =>
  a === null ? (b === null ? 0 : -1) : b === null ? 1 : comparePositions(a, b);

/** A transaction, in `schema` when given (set_config(..., true) lasts until the transaction ends). */
export async function inSchema<T>(
  knex: Knex,
  schema: string | undefined,
  work: (trx: Knex.Transaction) => Promise<T>,
): Promise<T> {
  return knex.transaction(async (trx) => {
    if (schema) await trx.raw(`select set_config('search_path', ?, true)`, [quoteIdentifier(schema)]);
    return work(trx);
  });
}

export const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * The one way events reach a read model, for the runner and the rebuild alike. In ONE transaction:
 * lock the checkpoint row, project the handled events after it, move it to the end of the batch
 * (past events the projection does not handle too). Replaying a batch is therefore a no-op, and
 * two writers on one projection (two app instances, an app and a rebuild) never double-apply.
 * When an event cannot be applied (see isEventSpecific), the batch is applied again in ever smaller
 * runs until that event is alone, and it is set aside: live projection and rebuild take the same
 * path, so they agree.
 */
export async function applyBatch(
  knex: Knex,
  projection: ReadModelProjection,
  batch: EventBatch,
  options: ApplyOptions = {},
): Promise<ApplyOutcome> {
  try {
    return await inSchema(knex, options.schema, async (trx) => {
      const { position: checkpoint } = await lockCheckpoint(trx, projection.name);
      const sql = pipeline(trx, options);
      const outcome = await projectAfterCheckpoint(sql, projection, batch, checkpoint);
      if (outcome.status === 'applied') queueCheckpointMove(sql, [projection.name], batch.last);
      await sql.flush();
      return outcome;
    });
  } catch (error) {
    if (options.bulk) return applyBatch(knex, projection, batch, { ...options, bulk: false });
    if (!isEventSpecific(error)) throw error;
    return inSchema(knex, options.schema, (trx) => applyEventByEvent(trx, projection, batch));
  }
}

const pipeline = (trx: Knex.Transaction, options: ApplyOptions): StatementPipeline =>
  options.bulk ? new CopyPipeline(trx) : new StatementPipeline(trx);

/**
 * applyBatch for several projections in ONE transaction: one BEGIN/COMMIT, one lock statement and one
 * checkpoint update for all of them instead of four round trips each, which is most of the cost of a
 * small live batch. Any error aborts them all: the caller then falls back to applyBatch per
 * projection, which isolates the failing one. Rows are locked in name order, as the rebuild's reset does.
 *
 * `expected`: the live runner's belief that every one of them is at the batch's start. Then no lock
 * is taken first; the checkpoints move only if they are all still there (moveCheckpointsFrom), and
 * otherwise the whole batch rolls back with CheckpointMovedError: one round trip fewer per batch.
 */
export async function applyBatchToAll(
  knex: Knex,
  projections: readonly ReadModelProjection[],
  batch: EventBatch,
  options: ApplyOptions & { readonly expected?: GlobalPosition } = {},
): Promise<Map<string, ApplyOutcome>> {
  return inSchema(knex, options.schema, async (trx) => {
    const names = projections.map((projection) => projection.name);
    const { expected } = options;
    const checkpoints: Map<string, GlobalPosition | null> = expected
      ? new Map(names.map((name) => [name, expected]))
      : new Map((await lockCheckpoints(trx, names)).map((stored) => [stored.name, stored.position]));
    const sql = pipeline(trx, options);
    const outcomes = new Map<string, ApplyOutcome>();
    for (const projection of projections) {
      const checkpoint = checkpoints.get(projection.name);
      if (checkpoint === undefined) throw new Error(`No checkpoint row for projection ${projection.name}`);
      outcomes.set(projection.name, await projectAfterCheckpoint(sql, projection, batch, checkpoint));
    }
    const moved = names.filter((name) => outcomes.get(name)?.status === 'applied');
    if (expected) await moveCheckpointsFrom(sql, moved, expected, batch.last);
    else queueCheckpointMove(sql, moved, batch.last);
    await sql.flush();
    return outcomes;
  });
}

/** The handled entries of `batch` after `checkpoint`, or the gap/noop outcome. */
function pendingEntries(projection: ReadModelProjection, batch: EventBatch, checkpoint: GlobalPosition | null) {
  if (compareNullable(checkpoint, batch.after) < 0)
    return { status: 'gap', checkpoint, projected: 0, setAside: [] } as const;
  if (compareNullable(checkpoint, batch.last) >= 0)
    return { status: 'noop', checkpoint, projected: 0, setAside: [] } as const;
  return batch.entries.filter(
    (entry) =>
      handlesType(projection.handles, entry.stored.type) && compareNullable(entry.stored.position, checkpoint) > 0,
  );
}

/** Projects the handled events of `batch` after `checkpoint` through `sql`; the caller moves the checkpoint and flushes. */
export async function projectAfterCheckpoint(
  sql: ProjectionSql,
  projection: ReadModelProjection,
  batch: EventBatch,
  checkpoint: GlobalPosition | null,
): Promise<ApplyOutcome> {
  const pending = pendingEntries(projection, batch, checkpoint);
  if (!Array.isArray(pending)) return pending as ApplyOutcome;
  const events: ProjectedEvent[] = [];
  for (const entry of pending) {
    // Never skipped silently: the slow path sets it aside, recorded, with its error.
    if (entry.error) throw entry.error;
    if (entry.parsed) events.push(entry.parsed);
  }
  if (events.length > 0) await projection.project(events, sql);
  return { status: 'applied', checkpoint: batch.last, projected: events.length, setAside: [] };
}

/**
 * The slow path of applyBatch: the events are applied in savepoints, halves of the batch first,
 * split again wherever the database refuses, down to the single event, which is rolled back alone and
 * recorded in projection_set_aside, in the transaction that moves the checkpoint past it. The result is
 * that of one savepoint per event (a projection applies a run of events as it applies them one by one:
 * live and rebuild batches are cut anywhere), in about 2 log2(n) attempts per bad event instead of n:
 * a rebuild batch of 10,000 events held its transaction for ~30 s one by one, and an open write
 * transaction keeps every newer event on the server unreadable to every live projector meanwhile.
 * A transient error still aborts the whole batch, to be retried.
 */
async function applyEventByEvent(
  trx: Knex.Transaction,
  projection: ReadModelProjection,
  batch: EventBatch,
): Promise<ApplyOutcome> {
  const { position: checkpoint } = await lockCheckpoint(trx, projection.name);
  const pending = pendingEntries(projection, batch, checkpoint);
  if (!Array.isArray(pending)) return pending as ApplyOutcome;
  const setAside: SetAsideNotice[] = [];
  let projected = 0;
  const putAside = async (entry: BatchEntry, failure: unknown) => {
    const message = safeErrorMessage(failure);
    await recordSetAside(trx, projection.name, entry.stored, message);
    setAside.push({ projection: projection.name, stored: entry.stored, message });
  };
  const applyRun = async (run: readonly BatchEntry[]): Promise<void> => {
    if (run.length === 0) return;
    try {
      await trx.transaction(async (savepoint) => {
        const sql = new StatementPipeline(savepoint);
        await projection.project(
          run.map((entry) => entry.parsed!),
          sql,
        );
        await sql.flush();
      });
      projected += run.length;
    } catch (error) {
      if (!isEventSpecific(error)) throw error;
      if (run.length === 1) return putAside(run[0]!, error);
      const half = Math.ceil(run.length / 2);
      await applyRun(run.slice(0, half));
      await applyRun(run.slice(half));
    }
  };
  // Runs of parsed events between the entries that could not even be read (set aside as they come).
  let run: BatchEntry[] = [];
  for (const entry of pending) {
    if (entry.error) {
      await applyRun(run);
      run = [];
      await putAside(entry, entry.error);
    } else if (entry.parsed) run.push(entry);
  }
  await applyRun(run);
  await writeCheckpoint(trx, projection.name, batch.last);
  return { status: 'applied', checkpoint: batch.last, projected, setAside };
}

export { compareNullable };
