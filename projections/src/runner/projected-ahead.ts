import type { Knex } from 'knex';
import type { ProjectedEvent, ReadModelProjection } from '../shared/projection';
import type { ProjectionSql, RowsInsert, SqlValue } from '../shared/projection-sql';
import { compareNullable, inSchema } from './apply-batch';
import { lockCheckpoints, queueCheckpointMove } from './checkpoint.store';
import { CopyPipeline } from './copy-pipeline';
import { handlesType, type EventBatch } from './event-batch';

/** A read after this batch's own writes: it cannot be answered ahead of the transaction. */
class ReadAfterWrite extends Error {}

/**
 * ProjectionSql for a batch projected before its transaction opens (while the batch before it is
 * still being written): writes are recorded, to be sent in the batch's own transaction; a read
 * first waits until the batch before is committed, so it sees exactly what it would inside the
 * transaction (nobody else writes a rebuild's fresh tables).
 */
class AheadPipeline implements ProjectionSql {
  readonly recorded: ((sql: ProjectionSql) => void)[] = [];

  constructor(
    private readonly read: (sql: string, bindings: readonly SqlValue[]) => Promise<unknown[]>,
    readonly memory: Map<string, unknown>,
  ) {}

  write(sql: string, bindings: readonly SqlValue[] = []): void {
    this.recorded.push((target) => target.write(sql, bindings));
  }

  insert(rows: RowsInsert): void {
    this.recorded.push((target) => target.insert(rows));
  }

  async query<Row>(sql: string, bindings: readonly SqlValue[] = []): Promise<Row[]> {
    if (this.recorded.length > 0) throw new ReadAfterWrite();
    return (await this.read(sql, bindings)) as Row[];
  }
}

/** A batch every projection has projected, its statements waiting for its transaction. */
export interface BatchAhead {
  readonly batch: EventBatch;
  readonly projected: ReadonlyMap<string, number>;
  readonly statements: ReadonlyMap<string, { readonly recorded: readonly ((sql: ProjectionSql) => void)[] }>;
}

/**
 * Projects `batch` for every projection, each from the checkpoint the batch starts at, reads
 * waiting for `committed`. Null when the batch must go the plain way (an event that does not
 * parse, a read after a write, any error): the memories are then emptied, since a projection may
 * have stopped halfway through updating its own.
 */
export async function projectAhead(
  knex: Knex,
  schema: string,
  projections: readonly ReadModelProjection[],
  memories: ReadonlyMap<string, Map<string, unknown>>,
  batch: EventBatch,
  committed: Promise<unknown>,
): Promise<BatchAhead | null> {
  const read = async (sql: string, bindings: readonly SqlValue[]) => {
    await committed;
    const result = await inSchema(knex, schema, (trx) => trx.raw(sql, bindings as readonly Knex.RawBinding[]));
    return (result as { rows: unknown[] }).rows;
  };
  const settled = await Promise.allSettled(
    projections.map(async (projection) => {
      const events: ProjectedEvent[] = [];
      for (const entry of batch.entries) {
        if (!handlesType(projection.handles, entry.stored.type)) continue;
        if (entry.error) throw entry.error;
        if (entry.parsed) events.push(entry.parsed);
      }
      const sql = new AheadPipeline(read, memories.get(projection.name) ?? new Map());
      if (events.length > 0) await projection.project(events, sql);
      return [projection.name, sql, events.length] as const;
    }),
  );
  if (settled.some((result) => result.status === 'rejected')) {
    for (const memory of memories.values()) memory.clear();
    return null;
  }
  const done = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  return {
    batch,
    projected: new Map(done.map(([name, , count]) => [name, count])),
    statements: new Map(done.map(([name, sql]) => [name, sql])),
  };
}

/**
 * The transaction of a batch projected ahead: checkpoints locked and checked to be where the batch
 * starts, the recorded statements sent (rows by COPY), every checkpoint moved to the batch's end.
 */
export async function commitAhead(knex: Knex, schema: string, ahead: BatchAhead): Promise<void> {
  const names = [...ahead.statements.keys()];
  await inSchema(knex, schema, async (trx) => {
    const checkpoints = await lockCheckpoints(trx, names);
    if (checkpoints.some((checkpoint) => compareNullable(checkpoint.position, ahead.batch.after) !== 0)) {
      throw new Error('a checkpoint is not where the batch projected ahead starts');
    }
    const sql = new CopyPipeline(trx);
    for (const name of names) for (const replay of ahead.statements.get(name)?.recorded ?? []) replay(sql);
    queueCheckpointMove(sql, names, ahead.batch.last);
    await sql.flush();
  });
}
