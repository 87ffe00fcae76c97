import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import type { EngineName } from './engine-target';
import type { LoadResult } from './http-load';
import type { BigDataFigures } from './big-data-bench';
import type { ProjectionFigures } from './projection-bench';
import type { RowsPerMovement } from './rows-per-movement';
import type { WebRouteFigure } from './web-bundle';

export interface EngineFigures {
  readonly engine: EngineName;
  readonly clients: number;
  readonly products: number;
  readonly gateway: LoadResult;
  /** The same movements confined to 32 products. */
  readonly contended: LoadResult;
  /** 10-line sales over HTTP. */
  readonly sales: LoadResult;
  readonly crud: LoadResult;
  readonly rows: RowsPerMovement;
  /** The BENCH_BIG_EVENTS figures; null when skipped (BENCH_BIG_EVENTS=0). */
  readonly big: BigDataFigures | null;
  readonly projections: ProjectionFigures;
  readonly totalSeconds: number;
  /** 1-minute load average of the machine at the start and the end of the engine's run. */
  readonly loadAverage: readonly [number, number];
  readonly startedAt: Date;
}

interface Row {
  readonly measure: string;
  readonly value: string;
  readonly target: string;
  readonly verdict: string;
}

const number = (value: number, digits = 0) =>
  Number.isFinite(value)
    ? value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : 'n/a';
const verdict = (met: boolean) => (met ? 'MET' : 'MISSED');
const cpuMs = (load: LoadResult) =>
  load.serverCpuMsPerRequest === null ? 'n/a' : `${number(load.serverCpuMsPerRequest, 2)} ms`;
const perCore = (load: LoadResult) => (load.serverCpuMsPerRequest ? number(1000 / load.serverCpuMsPerRequest) : 'n/a');
const cpuSeconds = (seconds: number | null) => (seconds === null ? 'n/a' : `${number(seconds, 1)} s`);
const errorsNote = (load: LoadResult) => (load.errors > 0 ? ` (${load.errors} errors: ${load.firstError})` : '');

function rows(figures: EngineFigures): Row[] {
  const { gateway, crud, projections } = figures;
  const ratio = gateway.perSecond / crud.perSecond;
  const cleanGateway = gateway.errors === 0;
  return [
    {
      measure: `Gateway: movements/s over HTTP (${figures.clients} clients, ${gateway.seconds} s)`,
      value: number(gateway.perSecond) + errorsNote(gateway),
      target: `≥ ${number(movementTarget(figures))}`,
      verdict: verdict(cleanGateway && gateway.perSecond >= movementTarget(figures)),
    },
    { measure: 'Gateway: p50 latency', value: `${number(gateway.p50Ms, 1)} ms`, target: '', verdict: '' },
    {
      measure: 'Gateway: p99 latency',
      value: `${number(gateway.p99Ms, 1)} ms`,
      target: '≤ 25 ms',
      verdict: verdict(gateway.p99Ms <= 25),
    },
    {
      measure: `Gateway: movements/s with contention (${figures.clients} clients over 32 products)`,
      value: `${number(figures.contended.perSecond)} (p50 / p99 ${number(figures.contended.p50Ms, 1)} / ${number(figures.contended.p99Ms, 1)} ms)${errorsNote(figures.contended)}`,
      target: `≥ ${number(movementTarget(figures))}, p99 ≤ 25 ms`,
      verdict: verdict(
        figures.contended.errors === 0 &&
          figures.contended.perSecond >= movementTarget(figures) &&
          figures.contended.p99Ms <= 25,
      ),
    },
    {
      measure: 'Gateway: 10-line sales/s over HTTP (POST /api/sales)',
      value: `${number(figures.sales.perSecond)} (p50 / p99 ${number(figures.sales.p50Ms, 1)} / ${number(figures.sales.p99Ms, 1)} ms)${errorsNote(figures.sales)}`,
      target: figures.engine === 'postgres' ? '≥ 500' : '',
      verdict:
        figures.engine === 'postgres' ? verdict(figures.sales.errors === 0 && figures.sales.perSecond >= 500) : '',
    },
    {
      measure: 'CRUD baseline: movements/s over HTTP',
      value: number(crud.perSecond) + errorsNote(crud),
      target: '',
      verdict: '',
    },
    {
      measure: 'CRUD baseline: p50 / p99 latency',
      value: `${number(crud.p50Ms, 1)} / ${number(crud.p99Ms, 1)} ms`,
      target: '',
      verdict: '',
    },
    {
      measure: 'Gateway ÷ CRUD baseline',
      value: `${number(ratio, 2)}×`,
      target: '≥ 1.5×',
      verdict: verdict(cleanGateway && ratio >= 1.5),
    },
    {
      measure: 'Server CPU per movement, gateway / CRUD (process + its database backends)',
      value: `${cpuMs(gateway)} / ${cpuMs(crud)}`,
      target: '',
      verdict: '',
    },
    {
      measure: 'Server CPU per movement (gateway)',
      value: cpuMs(gateway),
      target: '≤ 0.5 ms',
      verdict: gateway.serverCpuMsPerRequest === null ? '' : verdict(gateway.serverCpuMsPerRequest <= 0.5),
    },
    {
      measure: `Read-model rows written per movement (statistics views, ${number(figures.rows.movements)} movements)`,
      value:
        `${number(figures.rows.rowsPerMovement, 2)}: ` +
        figures.rows.byTable.map((entry) => `${entry.table} ${number(entry.rows, 2)}`).join(', '),
      target: '',
      verdict: '',
    },
    {
      measure: 'Same, as movements/s per fully used core, gateway / CRUD',
      value: `${perCore(gateway)} / ${perCore(crud)}`,
      target: '',
      verdict: '',
    },
    {
      measure: 'CRUD ÷ gateway CPU per movement (the ratio at equal CPU)',
      value:
        gateway.serverCpuMsPerRequest && crud.serverCpuMsPerRequest
          ? `${number(crud.serverCpuMsPerRequest / gateway.serverCpuMsPerRequest, 2)}×`
          : 'n/a',
      target: '',
      verdict: '',
    },
    {
      measure: `Append straight to the store, events/s (${number(projections.events)} events)`,
      value: number(projections.appendPerSecond),
      target: '',
      verdict: '',
    },
    {
      measure: 'readAll scan, events/s (10,000 a read)',
      value: number(projections.readAllPerSecond),
      target: '',
      verdict: '',
    },
    {
      measure: 'Projection catch-up from zero, events/s',
      value: `${number(projections.catchUpPerSecond)} (${number(projections.catchUpMs / 1000, 1)} s)`,
      target: '≥ 20,000',
      verdict: verdict(projections.catchUpPerSecond >= 20_000),
    },
    {
      measure: `Rebuild of ${number(projections.events)} events`,
      value: `${number(projections.rebuildMs / 1000, 1)} s = ${number(projections.rebuildPerSecond)} events/s`,
      target: `≥ ${number(rebuildTarget(figures))}/s`,
      verdict: verdict(projections.rebuildPerSecond >= rebuildTarget(figures)),
    },
    {
      measure:
        'Rebuild: time inside project() (row building and reads; a read first sends the writes queued before it, those of other projections too), slowest',
      value: projections.rebuildByProjection
        .slice(0, 4)
        .map((entry) => `${entry.name} ${number(entry.ms / 1000, 1)} s`)
        .join(', '),
      target: '',
      verdict: '',
    },
    {
      measure: 'CPU seconds used: catch-up / rebuild (this process + database backends)',
      value: `${cpuSeconds(projections.catchUpCpuSeconds)} / ${cpuSeconds(projections.rebuildCpuSeconds)}`,
      target: '',
      verdict: '',
    },
    ...bigRows(figures),
  ];
}

/** Movements over HTTP, 16 clients, with or without contention: 2,000/s on PostgreSQL, 1,500 on PGlite. */
const movementTarget = (figures: EngineFigures) => (figures.engine === 'postgres' ? 2_000 : 1_500);

/** Full rebuild target of the issue: 50,000 events/s on PostgreSQL, 20,000 on PGlite. */
const rebuildTarget = (figures: EngineFigures) => (figures.engine === 'postgres' ? 50_000 : 20_000);

function bigRows(figures: EngineFigures): Row[] {
  const { big } = figures;
  if (!big)
    return [{ measure: 'Generated data set (BENCH_BIG_EVENTS)', value: 'skipped (0)', target: '', verdict: '' }];
  const size = `${number(big.events)} events`;
  return [
    {
      measure: `Generated data set: append straight to the store, events/s (${size}, ${number(big.products)} products)`,
      value: number(big.appendPerSecond),
      target: '',
      verdict: '',
    },
    {
      measure: `Full rebuild of ${size}`,
      value: `${number(big.rebuildMs / 1000, 1)} s = ${number(big.rebuildPerSecond)} events/s`,
      target: `≥ ${number(rebuildTarget(figures))}/s`,
      verdict: verdict(big.rebuildPerSecond >= rebuildTarget(figures)),
    },
    ...big.queries.map((query) => ({
      measure: `At ${size}: ${query.label}, p50 (query in process)`,
      value: `${number(query.p50Ms, 1)} ms`,
      target: query.targetMs === null ? '' : `≤ ${number(query.targetMs)} ms`,
      verdict: query.targetMs === null ? '' : verdict(query.p50Ms <= query.targetMs),
    })),
  ];
}

const engineTitle = (figures: EngineFigures) =>
  figures.engine === 'pglite' ? 'Embedded PGlite (temporary data folder)' : 'PostgreSQL server (scratch database)';

function printRows(title: string, table: readonly Row[]): void {
  const widths = [0, 1, 2, 3].map((column) =>
    Math.max(...table.map((row) => [row.measure, row.value, row.target, row.verdict][column]!.length), 6),
  );
  const line = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index]!)).join('  ');
  console.log(`\n${title}`);
  console.log(line(['Measure', 'Value', 'Target', '']));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const row of table) console.log(line([row.measure, row.value, row.target, row.verdict]));
}

export function printTable(figures: EngineFigures): void {
  printRows(`${engineTitle(figures)}: ${figures.projections.engineVersion}`, rows(figures));
  console.log(
    `(engine run took ${number(figures.totalSeconds)} s; load average ${figures.loadAverage.map((load) => number(load, 1)).join(' → ')})`,
  );
}

function markdownSection(figures: EngineFigures): string {
  const cpu = cpus();
  const lines = [
    `### ${engineTitle(figures)}`,
    '',
    `Run ${figures.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; ${cpu.length} cores (${cpu[0]?.model.trim() ?? '?'}); ` +
      `Node ${process.version}; ${figures.projections.engineVersion}; ${figures.clients} clients over ` +
      `${number(figures.products)} products; engine run ${number(figures.totalSeconds)} s; ` +
      `machine load average ${figures.loadAverage.map((load) => number(load, 1)).join(' → ')} (other work shares the cores).`,
    '',
    '| Measure | Value | Target | |',
    '|---|---|---|---|',
    ...rows(figures).map(
      (row) => `| ${row.measure} | ${row.value.replace(/\|/g, '\\|')} | ${row.target} | ${row.verdict} |`,
    ),
  ];
  return lines.join('\n');
}

function webRows(figures: readonly WebRouteFigure[]): Row[] {
  return figures.map((figure) => ({
    measure: figure.route.label,
    value: `${number(figure.gzipBytes / 1000, 1)} KB (${figure.files.length} files)`,
    target: `≤ ${figure.route.targetKb} KB`,
    verdict: verdict(figure.gzipBytes <= figure.route.targetKb * 1000),
  }));
}

export function printWebTable(figures: readonly WebRouteFigure[]): void {
  printRows('Web bundle (web/dist, first-load JavaScript, gzip -9, 1 KB = 1,000 bytes)', webRows(figures));
}

/** The web section of docs/benchmarks.md, between its markers. */
export function writeWebFiguresToDocs(path: string, figures: readonly WebRouteFigure[]): void {
  const lines = [
    '### Web bundle',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC from the build manifest (\`npm run bench:web\`).`,
    '',
    '| Measure | Value | Target | |',
    '|---|---|---|---|',
    ...webRows(figures).map((row) => `| ${row.measure} | ${row.value} | ${row.target} | ${row.verdict} |`),
  ];
  replaceSection(path, 'web', lines.join('\n'));
}

const startMarker = (engine: EngineName | 'web') => `<!-- bench:${engine}:start -->`;
const endMarker = (engine: EngineName | 'web') => `<!-- bench:${engine}:end -->`;

/**
 * Replaces the engine's generated section of docs/benchmarks.md (between its markers), leaving the
 * rest of the page (the hand-written analysis, the other engine's last figures) as it is.
 */
export function writeFiguresToDocs(path: string, figures: EngineFigures): void {
  replaceSection(path, figures.engine, markdownSection(figures));
}

function replaceSection(path: string, name: EngineName | 'web', body: string): void {
  const section = `${startMarker(name)}\n${body}\n${endMarker(name)}`;
  let page = existsSync(path) ? readFileSync(path, 'utf8') : skeleton;
  const start = page.indexOf(startMarker(name));
  const end = page.indexOf(endMarker(name));
  if (start >= 0 && end > start) {
    page = page.slice(0, start) + section + page.slice(end + endMarker(name).length);
  } else {
    page = `${page.trimEnd()}\n\n${section}\n`;
  }
  writeFileSync(path, page);
}

const skeleton = `# Benchmarks

Figures written by \`npm run bench\` (tests/bench). Sections between the markers are regenerated.
`;
