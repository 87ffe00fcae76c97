/* Test-only helpers for the *.int.spec.ts files of this package. */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { EventStore, GlobalPosition, NewEvent, StoredEvent } from '@shop/infrastructure';
import { createTestDatabase, readUntil, type TestDatabase } from '@shop/infrastructure';
import { migrateReadModels } from '../read-model.migrations';
import { applyBatch, type ApplyOutcome } from '../runner/apply-batch';
import { parseBatch, type EventBatch } from '../runner/event-batch';
import type { ReadModelProjection } from '../shared/projection';
import type { ProjectionSql } from '../shared/projection-sql';

export async function openReadModelDatabase(): Promise<TestDatabase & { knex: Knex }> {
  const test = await createTestDatabase();
  await migrateReadModels(test.database.knex);
  return { ...test, knex: test.database.knex };
}

/**
 * A migrated read-model database for the enclosing describe block: opened before its tests and
 * dropped after them. `knex` is there from the first beforeAll on.
 */
export function useReadModelDatabase(): { readonly knex: Knex } {
  let opened: Awaited<ReturnType<typeof openReadModelDatabase>> | undefined;
  beforeAll(async () => {
    opened = await openReadModelDatabase();
  });
  afterAll(() => opened?.drop());
  return {
    get knex() {
      if (!opened) throw new Error('The read-model database opens in beforeAll: use it inside a hook or a test');
      return opened.knex;
    },
  };
}

/**
 * The events after `after` as one parsed batch, once at least `count` are readable: on a busy
 * server an event just committed is read only when no older transaction, in any database of the
 * cluster, is still open (a parallel suite's long one holds it back for many seconds).
 */
export async function readSettled(
  store: Pick<EventStore, 'readAll'>,
  after: GlobalPosition | null,
  count: number,
): Promise<EventBatch> {
  const events = await readUntil(
    () => store.readAll({ after }),
    (read) => read.length >= count,
    60_000,
  );
  const batch = parseBatch(after, events, { warn: () => undefined });
  if (!batch) throw new Error(`no event readable after ${after ? `${after.commit}:${after.prepare}` : 'the start'}`);
  return batch;
}

/**
 * `projections` with the one named `name` showing `spy` each ProjectionSql it is handed (which way a
 * delivery went); the spy may hand back a wrapper for the projection to use instead.
 */
export function spyOnProject(
  projections: readonly ReadModelProjection[],
  name: string,
  spy: (sql: ProjectionSql) => ProjectionSql | void,
): ReadModelProjection[] {
  return projections.map((projection) =>
    projection.name === name
      ? { ...projection, project: (events, sql) => projection.project(events, spy(sql) ?? sql) }
      : projection,
  );
}

/** Gives appended-looking positions to events, for projection tests that need no event store. */
export class FakeLedger {
  private next = 1n;
  stored(events: readonly NewEvent[]): StoredEvent[] {
    return events.map((event) => {
      const position: GlobalPosition = { commit: this.next, prepare: this.next };
      this.next += 1n;
      return {
        id: event.id ?? randomUUID(),
        streamId: 'test',
        streamVersion: Number(position.commit),
        position,
        type: event.type,
        schemaVersion: event.schemaVersion,
        data: event.data,
        metadata: event.metadata,
      };
    });
  }
}

const silent = { warn: () => undefined };

/** Applies stored events to one projection exactly as the runner does. */
export async function project(
  knex: Knex,
  projection: ReadModelProjection,
  events: readonly StoredEvent[],
  after: GlobalPosition | null = null,
): Promise<ApplyOutcome> {
  const batch = parseBatch(after, events, silent);
  if (!batch) throw new Error('empty batch');
  return applyBatch(knex, projection, batch);
}

/** Every row of every table, ordered, as plain JSON: compares read models across runs. */
export async function snapshotTables(knex: Knex, tables: readonly string[]): Promise<Record<string, unknown[]>> {
  const snapshot: Record<string, unknown[]> = {};
  for (const table of tables) {
    const result = await knex.raw<{ rows: { row: unknown }[] }>(`select to_jsonb(t) as row from ?? t`, [table]);
    snapshot[table] = result.rows
      .map((entry) => JSON.stringify(entry.row))
      .sort()
      .map((text) => JSON.parse(text) as unknown);
  }
  return snapshot;
}

export * from './event-builders';
