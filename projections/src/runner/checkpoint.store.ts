import type { Knex } from 'knex';
import type { GlobalPosition } from '@shop/infrastructure';
import type { ProjectionSql } from '../shared/projection-sql';
import { positionColumns } from '../shared/sql-values';

export interface Checkpoint {
  readonly name: string;
  /** null: the projection has seen nothing yet. */
  readonly position: GlobalPosition | null;
}

interface CheckpointRow {
  name: string;
  commit: string | number | null;
  prepare: string | number | null;
}

const toCheckpoint = (row: CheckpointRow): Checkpoint => ({
  name: row.name,
  position:
    row.commit === null || row.prepare === null
      ? null
      : { commit: BigInt(String(row.commit)), prepare: BigInt(String(row.prepare)) },
});

// numeric(20,0) is read back as text so no position is ever squeezed through a double.
const SELECT_CHECKPOINT = `select name, "commit"::text as "commit", "prepare"::text as "prepare"
  from projection_checkpoints`;

/** Creates missing rows (position null), so later row locks always find something to lock. */
export async function ensureCheckpoints(knex: Knex, names: readonly string[]): Promise<void> {
  if (names.length === 0) return;
  await knex('projection_checkpoints')
    .insert(names.map((name) => ({ name })))
    .onConflict('name')
    .ignore();
}

export async function readCheckpoints(knex: Knex, names: readonly string[]): Promise<Checkpoint[]> {
  if (names.length === 0) return [];
  const result = await knex.raw<{ rows: CheckpointRow[] }>(
    `${SELECT_CHECKPOINT} where name in (select jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(names)],
  );
  const byName = new Map(result.rows.map((row) => [row.name, toCheckpoint(row)]));
  return names.map((name) => byName.get(name) ?? { name, position: null });
}

/**
 * Reads a projection's checkpoint and locks its row until the transaction ends: two runners, or a
 * runner and a rebuild, then take turns per projection and never apply an event twice.
 */
export async function lockCheckpoint(trx: Knex.Transaction, name: string): Promise<Checkpoint> {
  const read = async () =>
    (await trx.raw<{ rows: CheckpointRow[] }>(`${SELECT_CHECKPOINT} where name = ? for update`, [name])).rows[0];
  let row = await read();
  if (!row) {
    await ensureCheckpoints(trx, [name]);
    row = await read();
  }
  if (!row) throw new Error(`Checkpoint row for ${name} could not be created`);
  return toCheckpoint(row);
}

/** lockCheckpoint for several projections in one statement, rows locked in name order; missing rows are left out. */
export async function lockCheckpoints(trx: Knex.Transaction, names: readonly string[]): Promise<Checkpoint[]> {
  if (names.length === 0) return [];
  const result = await trx.raw<{ rows: CheckpointRow[] }>(
    `${SELECT_CHECKPOINT} where name in (select jsonb_array_elements_text(?::jsonb)) order by name for update`,
    [JSON.stringify(names)],
  );
  return result.rows.map(toCheckpoint);
}

export async function writeCheckpoint(
  trx: Knex.Transaction,
  name: string,
  position: GlobalPosition | null,
): Promise<void> {
  const columns = position ? positionColumns(position) : { commit: null, prepare: null };
  await trx('projection_checkpoints').where({ name }).update({
    commit: columns.commit,
    prepare: columns.prepare,
    updated_at: trx.fn.now(),
  });
}

/** A checkpoint was not where a batch applied without locks expected it: the batch is rolled back. */
export class CheckpointMovedError extends Error {
  constructor() {
    super('A checkpoint moved while a batch was applied without locking it; the batch was rolled back');
    this.name = 'CheckpointMovedError';
  }
}

/**
 * Moves the checkpoints from `from` to `to` only if every one of them is still at `from`, and
 * throws CheckpointMovedError otherwise, in the batch's transaction, which then rolls back whatever
 * it wrote. For a batch applied without locking the checkpoints first (one round trip fewer): a
 * concurrent writer that moved one meanwhile (a rebuild's swap, a second runner) makes it fail
 * whole, never apply twice. A second runner's row lock makes this wait for its commit, then see it.
 */
export async function moveCheckpointsFrom(
  sql: ProjectionSql,
  names: readonly string[],
  from: GlobalPosition,
  to: GlobalPosition,
): Promise<void> {
  if (names.length === 0) return;
  const [before, after] = [positionColumns(from), positionColumns(to)];
  const [row] = await sql.query<{ moved: number | string }>(
    `with moved as (
       update projection_checkpoints set "commit" = ?, "prepare" = ?, updated_at = now()
       where name in (select jsonb_array_elements_text(?::jsonb)) and "commit" = ? and "prepare" = ?
       returning 1)
     select count(*) as moved from moved`,
    [after.commit, after.prepare, JSON.stringify(names), before.commit, before.prepare],
  );
  if (Number(row?.moved) !== names.length) throw new CheckpointMovedError();
}

/** Queues the move of several checkpoints to the same position, to leave with the batch's last writes. */
export function queueCheckpointMove(sql: ProjectionSql, names: readonly string[], position: GlobalPosition): void {
  if (names.length === 0) return;
  const columns = positionColumns(position);
  sql.write(
    `update projection_checkpoints set "commit" = ?, "prepare" = ?, updated_at = now()
     where name in (select jsonb_array_elements_text(?::jsonb))`,
    [columns.commit, columns.prepare, JSON.stringify(names)],
  );
}
