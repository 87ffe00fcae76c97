/** Sizes of a run, from the environment; a bad value stops the run with a message naming it. */
export interface BenchConfig {
  /** Measured seconds of each HTTP load (after a warm-up). */
  readonly seconds: number;
  readonly warmupSeconds: number;
  /** Events appended for the projection catch-up and the rebuild. */
  readonly events: number;
  /** Events of the generated data set for the 1,000,000-event figures; 0 skips them. */
  readonly bigEvents: number;
  readonly clients: number;
  readonly products: number;
  /** PostgreSQL server for the second engine; absent: PGlite only. */
  readonly databaseUrl?: string;
  /** Where the figures go (docs/benchmarks.md); BENCH_WRITE_DOCS=0 only prints them. */
  readonly writeDocs: boolean;
}

function positiveInt(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new Error(`${name} must be a whole number from 1 to ${max}, got '${raw}'`);
  }
  return value;
}

function wholeNumber(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new Error(`${name} must be a whole number from 0 to ${max}, got '${raw}'`);
  }
  return value;
}

export function loadBenchConfig(): BenchConfig {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return {
    seconds: positiveInt('BENCH_SECONDS', 20, 600),
    warmupSeconds: positiveInt('BENCH_WARMUP_SECONDS', 3, 60),
    events: positiveInt('BENCH_EVENTS', 100_000, 5_000_000),
    bigEvents: wholeNumber('BENCH_BIG_EVENTS', 1_000_000, 10_000_000),
    clients: positiveInt('BENCH_CLIENTS', 16, 256),
    products: positiveInt('BENCH_PRODUCTS', 500, 100_000),
    databaseUrl,
    writeDocs: process.env.BENCH_WRITE_DOCS !== '0',
  };
}
