import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  allProjections,
  migrateReadModels,
  ProjectionRunner,
  rebuildReadModels,
  type ReadModelProjection,
} from '@shop/projections';
import { openDatabase } from '@shop/infrastructure';
import { PostgresEventStore, type GlobalPosition } from '@shop/infrastructure';
import type { EngineTarget } from './engine-target';
import { cpuMeter } from './server-cpu';
import { shopHistory } from './shop-history';

export interface ProjectionFigures {
  readonly engineVersion: string;
  readonly events: number;
  readonly appendPerSecond: number;
  readonly readAllPerSecond: number;
  readonly catchUpMs: number;
  readonly catchUpPerSecond: number;
  readonly rebuildMs: number;
  readonly rebuildPerSecond: number;
  /** CPU seconds (this process, PGlite's thread included, plus the server backends of the database). */
  readonly catchUpCpuSeconds: number | null;
  readonly rebuildCpuSeconds: number | null;
  /** Milliseconds inside each projection's project() during the rebuild, slowest first. Indicative: a read first sends every write queued before it, other projections' too. */
  readonly rebuildByProjection: readonly { readonly name: string; readonly ms: number }[];
}

const quietLogger = { info: () => undefined, warn: console.warn, error: console.error };

/**
 * In this process, on a fresh database: append the history straight to the event store, start a
 * ProjectionRunner from zero and time it until every checkpoint reaches the head; then rebuild
 * every read model (rebuildReadModels) over the same events.
 */
export async function benchProjections(target: EngineTarget, eventCount: number): Promise<ProjectionFigures> {
  const fresh = await target.fresh();
  const database = await openDatabase(fresh.options);
  const store = await PostgresEventStore.open(database.knex);
  const cpu = cpuMeter(process.pid, fresh.server);
  const cpuSpent = async (since: number | null) => {
    const now = await cpu.sample();
    return since === null || now === null ? null : now - since;
  };
  try {
    const { knex } = database;
    const version = (await knex.raw<{ rows: { version: string }[] }>('select version()')).rows[0]?.version ?? '?';
    await migrateReadModels(knex);

    const appends = shopHistory(eventCount);
    const events = appends.reduce((sum, append) => sum + append.events.length, 0);
    let started = performance.now();
    // As concurrent writers would: many calls in flight, written together by group commit.
    for (let index = 0; index < appends.length; index += 80) {
      await Promise.all(appends.slice(index, index + 80).map((append) => store.appendMany([append])));
    }
    const appendMs = performance.now() - started;
    const head = await store.newestCommittedPosition();
    if (!head) throw new Error('nothing was appended');

    started = performance.now();
    let after: GlobalPosition | null = null;
    for (;;) {
      const batch = await store.readAll({ after, limit: 10_000 });
      const last = batch.at(-1);
      if (!last) break;
      after = last.position;
    }
    const readAllMs = performance.now() - started;

    const runner = new ProjectionRunner({ knex, eventStore: store, projections: allProjections, logger: quietLogger });
    let cpuBefore = await cpu.sample();
    started = performance.now();
    await runner.start();
    const caughtUp = await runner.waitFor(head, 600_000);
    const catchUpMs = performance.now() - started;
    await runner.stop();
    if (!caughtUp) throw new Error(`projections did not catch up: ${JSON.stringify(runner.status())}`);
    const catchUpCpuSeconds = await cpuSpent(cpuBefore);

    cpuBefore = await cpu.sample();

    const timed = timeProjections(allProjections);
    const rebuild = await rebuildReadModels({
      knex,
      eventStore: store,
      projections: timed.projections,
      logger: quietLogger,
    });
    const rebuildCpuSeconds = await cpuSpent(cpuBefore);

    return {
      engineVersion:
        database.engine === 'pglite'
          ? `PGlite ${pgliteVersion()} (${version.split(' on ')[0]})`
          : version.split(' on ')[0]!,
      events,
      appendPerSecond: (events * 1000) / appendMs,
      readAllPerSecond: (events * 1000) / readAllMs,
      catchUpMs,
      catchUpPerSecond: (events * 1000) / catchUpMs,
      rebuildMs: rebuild.durationMs,
      rebuildPerSecond: (rebuild.eventsRead * 1000) / rebuild.durationMs,
      catchUpCpuSeconds,
      rebuildCpuSeconds,
      rebuildByProjection: [...timed.ms].map(([name, ms]) => ({ name, ms })).sort((a, b) => b.ms - a.ms),
    };
  } finally {
    await cpu.close();
    await store.close();
    await database.close();
    await fresh.drop();
  }
}

/** The same projections, timing their project() calls (wall time: on a server they run side by side). */
function timeProjections(projections: readonly ReadModelProjection[]) {
  const ms = new Map<string, number>(projections.map((projection) => [projection.name, 0]));
  const wrapped = projections.map((projection): ReadModelProjection => ({
    ...projection,
    async project(events, sql) {
      const started = performance.now();
      try {
        await projection.project(events, sql);
      } finally {
        ms.set(projection.name, (ms.get(projection.name) ?? 0) + performance.now() - started);
      }
    },
  }));
  return { projections: wrapped, ms };
}

/** Its package.json is not exported: read it next to the resolved entry point (dist/index.cjs). */
function pgliteVersion(): string {
  try {
    const entry = require.resolve('@electric-sql/pglite');
    const manifest = readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8');
    return (JSON.parse(manifest) as { version: string }).version;
  } catch {
    return '?';
  }
}
