import type { Knex } from 'knex';
import type { ReadModelProjection } from '../shared/projection';
import type { CarryStore } from './carry-store';
import { compareNullable, inSchema, projectAfterCheckpoint, type ApplyOutcome } from './apply-batch';
import { lockCheckpoints, queueCheckpointMove } from './checkpoint.store';
import { CopyPipeline, prepareCopy } from './copy-pipeline';
import type { EventBatch } from './event-batch';
import { RecordingSql } from './recording-sql';

/** A projection's statements for one batch, built ahead of its transaction (see recordBatch). */
interface Recording {
  readonly sql: RecordingSql;
  readonly outcome: ApplyOutcome;
  /** Built on state carried from the batch before, which is trusted only if that batch went this way too. */
  readonly carried: boolean;
}

/** Per projection: its recording, or null when it must be projected inside the transaction (it reads). */
export type RecordedBatch = ReadonlyMap<string, Recording | null>;

/**
 * Builds every projection's statements for `batch` without touching the database, as if each
 * checkpoint stood at the batch's start (applyRecorded checks that it does): the rebuild records
 * one batch while the previous one is being written, so this process and the database work side by
 * side instead of taking turns. A projection that reads, or fails, is left to its transaction.
 */
export async function recordBatch(
  projections: readonly ReadModelProjection[],
  batch: EventBatch,
  carries: CarryStore,
): Promise<RecordedBatch> {
  const recorded = new Map<string, Recording | null>();
  for (const projection of projections) {
    const { carry, carried } = carries.offer(projection.name, batch.after, batch.last);
    const sql = new RecordingSql(carry);
    try {
      const outcome = await projectAfterCheckpoint(sql, projection, batch, batch.after);
      for (const insert of sql.inserts) {
        await sql.pause();
        prepareCopy(insert);
      }
      recorded.set(projection.name, { sql, outcome, carried });
    } catch {
      recorded.set(projection.name, null);
    }
  }
  return recorded;
}

/**
 * Applies `batch` for `projections` in ONE transaction of the rebuild's fresh schema, sending each
 * recording (others are projected there and then), rows by COPY. Null, with nothing stored and those
 * projections' carries broken, when a checkpoint is not at the batch's start or anything fails: the
 * caller then takes the plain path (applyBatch), which sets aside exactly as live projection does.
 */
export async function applyRecorded(
  knex: Knex,
  schema: string,
  projections: readonly ReadModelProjection[],
  batch: EventBatch,
  recorded: RecordedBatch,
  carries: CarryStore,
): Promise<Map<string, ApplyOutcome> | null> {
  const outcomes = await inSchema(knex, schema, async (trx) => {
    const checkpoints = await lockCheckpoints(
      trx,
      projections.map((projection) => projection.name),
    );
    const atStart = checkpoints.every((checkpoint) => compareNullable(checkpoint.position, batch.after) === 0);
    if (checkpoints.length !== projections.length || !atStart) return null;
    const sql = new CopyPipeline(trx);
    const applied = new Map<string, ApplyOutcome>();
    for (const projection of projections) {
      const recording = recorded.get(projection.name);
      if (recording && !(recording.carried && carries.isBroken(projection.name))) {
        recording.sql.replayInto(sql);
        applied.set(projection.name, recording.outcome);
      } else applied.set(projection.name, await projectAfterCheckpoint(sql, projection, batch, batch.after));
    }
    queueCheckpointMove(sql, [...applied.keys()], batch.last);
    await sql.flush();
    return applied;
  }).catch(() => null);
  if (!outcomes) for (const projection of projections) carries.break(projection.name);
  return outcomes;
}
