/**
 * npm run bench: throughput figures on the embedded PGlite and, with DATABASE_URL, on that
 * PostgreSQL server (in scratch databases created and dropped here). Per engine:
 *  1. the real gateway in a child process: POST /api/transactions (1 unit in/out) by N clients;
 *  2. the naive CRUD baseline (crud-server.ts) under the same load, for the ratio;
 *  3. projection catch-up from zero over BENCH_EVENTS events appended straight to the store;
 *  4. rebuildReadModels over the same events;
 *  5. read-model rows written per movement (statistics views, around projected movements);
 *  6. the BENCH_BIG_EVENTS data set: append, full rebuild, and the screens' queries at that size.
 * Then the web bundle's first-load JavaScript (web/dist, built by npm run bench).
 * Env: BENCH_SECONDS (20), BENCH_WARMUP_SECONDS (3), BENCH_EVENTS (100000), BENCH_BIG_EVENTS
 * (1000000, 0 skips), BENCH_CLIENTS (16), BENCH_PRODUCTS (500), BENCH_WRITE_DOCS (1: update
 * docs/benchmarks.md), DATABASE_URL.
 */
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadBenchConfig } from './bench-config';
import { benchCrudBaseline } from './crud-bench';
import { pgliteTarget, postgresTarget, type EngineTarget } from './engine-target';
import { benchGateway } from './gateway-bench';
import { benchBigDataSet } from './big-data-bench';
import { benchProjections } from './projection-bench';
import { printTable, printWebTable, writeFiguresToDocs, writeWebFiguresToDocs, type EngineFigures } from './report';
import { measureRowsPerMovement } from './rows-per-movement';
import { measureWebBundle, webDistDir } from './web-bundle';

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
  const gatewayFigures = await benchGateway(target, sizes);
  const gateway = gatewayFigures.movements;
  step(`  ${Math.round(gateway.perSecond)} movements/s, p99 ${gateway.p99Ms.toFixed(1)} ms, ${gateway.errors} errors`);
  const { contended, sales } = gatewayFigures;
  step(`  contended: ${Math.round(contended.perSecond)} movements/s, ${contended.errors} errors`);
  step(`  10-line sales: ${Math.round(sales.perSecond)}/s, p99 ${sales.p99Ms.toFixed(1)} ms, ${sales.errors} errors`);
  step('CRUD baseline over HTTP');
  const crud = await benchCrudBaseline(target, sizes);
  step(`  ${Math.round(crud.perSecond)} movements/s, p99 ${crud.p99Ms.toFixed(1)} ms, ${crud.errors} errors`);
  step(`projection catch-up and rebuild over ${config.events} events`);
  const projections = await benchProjections(target, config.events);
  step(
    `  catch-up ${Math.round(projections.catchUpPerSecond)}/s, rebuild ${Math.round(projections.rebuildPerSecond)}/s`,
  );
  step('read-model rows per movement');
  const rows = await measureRowsPerMovement(target);
  step(`  ${rows.rowsPerMovement.toFixed(2)} rows per movement`);
  let big = null;
  if (config.bigEvents > 0) {
    step(`generated data set of ${config.bigEvents} events: append, rebuild, queries`);
    big = await benchBigDataSet(target, config.bigEvents, step);
  }
  return {
    engine: target.name,
    clients: config.clients,
    products: config.products,
    gateway,
    contended,
    sales,
    rows,
    big,
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
  const web = measureWebBundle(webDistDir);
  printWebTable(web);
  if (config.writeDocs) writeWebFiguresToDocs(DOCS, web);
  if (config.writeDocs) console.log(`\nFigures written to ${DOCS}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
