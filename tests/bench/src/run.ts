/**
 * npm run bench: throughput figures on the embedded PGlite and, with DATABASE_URL, on that
 * PostgreSQL server (in scratch databases created and dropped here). Per engine:
 *  1. the real gateway in a child process: POST /api/transactions (1 unit in/out) by N clients;
 *  2. the naive CRUD baseline (crud-server.ts) under the same load, for the ratio;
 *  3. projection catch-up from zero over BENCH_EVENTS events appended straight to the store;
 *  4. rebuildReadModels over the same events.
 * Env: BENCH_SECONDS (20), BENCH_WARMUP_SECONDS (3), BENCH_EVENTS (100000), BENCH_CLIENTS (16),
 * BENCH_PRODUCTS (500), BENCH_WRITE_DOCS (1: update docs/benchmarks.md), DATABASE_URL.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadBenchConfig } from './bench-config';
import { benchCrudBaseline } from './crud-bench';
import { pgliteTarget, postgresTarget, type EngineTarget } from './engine-target';
import { benchGateway } from './gateway-bench';
import { benchProjections } from './projection-bench';
import { printTable, writeFiguresToDocs, type EngineFigures } from './report';

const DOCS = join(__dirname, '..', '..', '..', 'docs', 'benchmarks.md');

async function benchEngine(target: EngineTarget, config: ReturnType<typeof loadBenchConfig>): Promise<EngineFigures> {
  const startedAt = new Date();
  const started = performance.now();
  const loadBefore = loadavg()[0]!;
  const sizes = {
    clients: config.clients,
    products: config.products,
    warmupSeconds: config.warmupSeconds,
    seconds: config.seconds,
  };
  const step = (message: string) => console.log(`[${target.name}] ${message}`);
  step(
    `gateway over HTTP: ${sizes.clients} clients, ${sizes.products} products, ${sizes.warmupSeconds}+${sizes.seconds} s`,
  );
  const gateway = await benchGateway(target, sizes);
  step(`  ${Math.round(gateway.perSecond)} movements/s, p99 ${gateway.p99Ms.toFixed(1)} ms, ${gateway.errors} errors`);
  step('CRUD baseline over HTTP');
  const crud = await benchCrudBaseline(target, sizes);
  step(`  ${Math.round(crud.perSecond)} movements/s, p99 ${crud.p99Ms.toFixed(1)} ms, ${crud.errors} errors`);
  step(`projection catch-up and rebuild over ${config.events} events`);
  const projections = await benchProjections(target, config.events);
  step(
    `  catch-up ${Math.round(projections.catchUpPerSecond)}/s, rebuild ${Math.round(projections.rebuildPerSecond)}/s`,
  );
  return {
    engine: target.name,
    clients: config.clients,
    products: config.products,
    gateway,
    crud,
    projections,
    totalSeconds: (performance.now() - started) / 1000,
    loadAverage: [loadBefore, loadavg()[0]!],
    startedAt,
  };
}

async function main(): Promise<void> {
  const config = loadBenchConfig();
  const targets: EngineTarget[] = [pgliteTarget];
  if (config.databaseUrl) targets.push(postgresTarget(config.databaseUrl));
  const results: EngineFigures[] = [];
  for (const target of targets) results.push(await benchEngine(target, config));
  for (const figures of results) {
    printTable(figures);
    if (config.writeDocs) writeFiguresToDocs(DOCS, figures);
  }
  if (config.writeDocs) console.log(`\nFigures written to ${DOCS}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
