/**
 * Rebuilds read models from the event store:
 *   npm run projections:rebuild [-- --only products,transactions] [--batch-size 10000] [--force]
 * Env: DATABASE_URL (PostgreSQL; else the embedded PGlite in DATA_DIR, default ./data), EVENTSTORE_URL (KurrentDB).
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DataFolderInUseError, openDatabase } from '@shop/infrastructure';
import { createEventStore } from '@shop/infrastructure';
import { allProjections } from './all-projections';
import { migrateReadModels } from './read-model.migrations';
import { RebuildError, rebuildReadModels, selectProjections, type RebuildProgress } from './runner/rebuild-read-models';

export interface RebuildArgs {
  readonly only?: string[];
  readonly batchSize?: number;
  readonly force: boolean;
  readonly help: boolean;
}

export class UsageError extends Error {}

export const USAGE = `Usage: rebuild [--only name,name] [--batch-size N] [--force]
  Replays every event into fresh tables for the chosen read models (all by default) and swaps them
  in when complete; on failure the read models in service stay as they were.
  Projections: ${allProjections.map((projection) => projection.name).join(', ')}
  --force  no longer needed, accepted for old scripts: a data folder left by a crash is taken over`;

export function parseRebuildArgs(argv: readonly string[]): RebuildArgs {
  let only: string[] | undefined;
  let batchSize: number | undefined;
  let force = false;
  let help = false;
  for (let index = 0; index < argv.length; index++) {
    const [flag, inline] = (argv[index] ?? '').split('=', 2) as [string, string | undefined];
    const value = () => inline ?? argv[++index] ?? '';
    if (flag === '--only')
      only = value()
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
    else if (flag === '--batch-size') {
      batchSize = Number(value());
      if (!Number.isInteger(batchSize) || batchSize < 1)
        throw new UsageError('--batch-size must be a whole number of at least 1');
    } else if (flag === '--force') force = true;
    else if (flag === '--help' || flag === '-h') help = true;
    else throw new UsageError(`Unknown argument ${flag}`);
  }
  if (only) {
    try {
      selectProjections(allProjections, only);
    } catch (error) {
      throw new UsageError(error instanceof Error ? error.message : String(error));
    }
  }
  return { only, batchSize, force, help };
}

/**
 * A folder with no database yet would be created empty and "rebuilt" from nothing. Whether another
 * process has the folder open is for the database's own claim (DataFolderInUseError on open).
 */
export function assertDataDirUsable(dataDir: string): void {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    throw new UsageError(`No database in ${resolve(dataDir)}: set DATA_DIR (or DATABASE_URL) to the app's data.`);
  }
}

export async function runRebuildCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  print: (line: string) => void = (line) => console.log(line),
): Promise<void> {
  const args = parseRebuildArgs(argv);
  if (args.help) return print(USAGE);
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = env.DATA_DIR || './data';
  if (!databaseUrl) assertDataDirUsable(dataDir);

  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const eventStore = await createEventStore({ eventStoreUrl: env.EVENTSTORE_URL || undefined, database });
    try {
      await migrateReadModels(database.knex);
      const names = args.only ?? allProjections.map((projection) => projection.name);
      print(
        `Rebuilding ${names.join(', ')} (read models in ${databaseUrl ? 'PostgreSQL' : `PGlite ${resolve(dataDir)}`})`,
      );
      let lastPrint = 0;
      const onProgress = (progress: RebuildProgress) => {
        if (progress.elapsedMs - lastPrint < 1_000) return;
        lastPrint = progress.elapsedMs;
        print(
          `  ${progress.eventsRead.toLocaleString('en')} events, ${progress.eventsPerSecond.toLocaleString('en')}/s`,
        );
      };
      const result = await rebuildReadModels({
        knex: database.knex,
        eventStore,
        projections: allProjections,
        only: args.only,
        batchSize: args.batchSize,
        onProgress,
      });
      print(
        `Done: ${result.eventsRead.toLocaleString('en')} events in ${(result.durationMs / 1000).toFixed(1)} s ` +
          `(${result.eventsPerSecond.toLocaleString('en')}/s)`,
      );
      for (const entry of result.projections) {
        const rows = Object.entries(entry.rows).map(([table, count]) => `${table} ${count.toLocaleString('en')}`);
        const setAside =
          entry.setAside > 0 ? `; ${entry.setAside} set aside (npm run projections:set-aside -- list)` : '';
        print(
          `  ${entry.name}: ${entry.eventsProjected.toLocaleString('en')} events projected; rows: ${rows.join(', ')}${setAside}`,
        );
      }
    } finally {
      await eventStore.close();
    }
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  runRebuildCli(process.argv.slice(2), process.env).then(
    () => process.exit(0),
    (error: unknown) => {
      if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
      else if (error instanceof DataFolderInUseError) console.error(error.message);
      // A RebuildError names the event and says the read models in service were kept.
      else if (error instanceof RebuildError) console.error(error.message);
      else console.error('Rebuild failed:', error);
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
}
