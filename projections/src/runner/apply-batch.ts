import type { Knex } from 'knex';
import { comparePositions, type GlobalPosition } from '@shop/services/event-store';
import type { ProjectedEvent, ReadModelProjection } from '../shared/projection';
import { lockCheckpoint, writeCheckpoint } from './checkpoint.store';
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
    if (events.length > 0) await projection.project(events, trx);
    await writeCheckpoint(trx, projection.name, batch.last);
    return { status: 'applied', checkpoint: batch.last, projected: events.length };
  });
}

export { compareNullable };
