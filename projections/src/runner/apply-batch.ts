import type { Knex } from 'knex';
import { comparePositions, type GlobalPosition } from '@shop/services/event-store';
import type { ProjectedEvent, ReadModelProjection } from '../shared/projection';
import { StatementPipeline, type ProjectionSql } from '../shared/projection-sql';
import { lockCheckpoint, lockCheckpoints, queueCheckpointMove } from './checkpoint.store';
import { handlesType, type EventBatch } from './event-batch';

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
}

/** null is "before everything". */
const compareNullable = (a: GlobalPosition | null, b: GlobalPosition | null): number =>
  a === null ? (b === null ? 0 : -1) : b === null ? 1 : comparePositions(a, b);

/**
 * The one way events reach a read model, for the runner and the rebuild alike. In ONE transaction:
 * lock the checkpoint row, project the handled events after it, move it to the end of the batch
 * (past events the projection does not handle too). Replaying a batch is therefore a no-op, and
 * two writers on one projection (two app instances, an app and a rebuild) never double-apply.
 */
export async function applyBatch(
  knex: Knex,
  projection: ReadModelProjection,
  batch: EventBatch,
): Promise<ApplyOutcome> {
  return knex.transaction(async (trx) => {
    const { position: checkpoint } = await lockCheckpoint(trx, projection.name);
    const sql = new StatementPipeline(trx);
    const outcome = await projectAfterCheckpoint(sql, projection, batch, checkpoint);
    if (outcome.status === 'applied') queueCheckpointMove(sql, [projection.name], batch.last);
    await sql.flush();
    return outcome;
  });
}

/**
 * applyBatch for several projections in ONE transaction: one BEGIN/COMMIT, one lock statement and one
 * checkpoint update for all of them instead of four round trips each, which is most of the cost of a
 * small live batch. Any error aborts them all: the caller then falls back to applyBatch per
 * projection, which isolates the failing one. Rows are locked in name order, as the rebuild's reset does.
 */
export async function applyBatchToAll(
  knex: Knex,
  projections: readonly ReadModelProjection[],
  batch: EventBatch,
): Promise<Map<string, ApplyOutcome>> {
  return knex.transaction(async (trx) => {
    const names = projections.map((projection) => projection.name);
    const checkpoints = new Map((await lockCheckpoints(trx, names)).map((stored) => [stored.name, stored.position]));
    const sql = new StatementPipeline(trx);
    const outcomes = new Map<string, ApplyOutcome>();
    for (const projection of projections) {
      const checkpoint = checkpoints.get(projection.name);
      if (checkpoint === undefined) throw new Error(`No checkpoint row for projection ${projection.name}`);
      outcomes.set(projection.name, await projectAfterCheckpoint(sql, projection, batch, checkpoint));
    }
    const moved = names.filter((name) => outcomes.get(name)?.status === 'applied');
    queueCheckpointMove(sql, moved, batch.last);
    await sql.flush();
    return outcomes;
  });
}

/** Projects the handled events of `batch` after `checkpoint` through `sql`; the caller moves the checkpoint and flushes. */
async function projectAfterCheckpoint(
  sql: ProjectionSql,
  projection: ReadModelProjection,
  batch: EventBatch,
  checkpoint: GlobalPosition | null,
): Promise<ApplyOutcome> {
  if (compareNullable(checkpoint, batch.after) < 0) return { status: 'gap', checkpoint, projected: 0 };
  if (compareNullable(checkpoint, batch.last) >= 0) return { status: 'noop', checkpoint, projected: 0 };

  const events: ProjectedEvent[] = [];
  for (const entry of batch.entries) {
    if (!handlesType(projection.handles, entry.stored.type)) continue;
    if (compareNullable(entry.stored.position, checkpoint) <= 0) continue;
    // Skipping an invalid event would silently corrupt this read model: stop here instead.
    if (entry.error) throw entry.error;
    if (entry.parsed) events.push(entry.parsed);
  }
  if (events.length > 0) await projection.project(events, sql);
  return { status: 'applied', checkpoint: batch.last, projected: events.length };
}

export { compareNullable };
