/**
 * Lists and retries events that projections set aside (see docs/operations.md, "Set-aside events"):
 *   npm run projections:set-aside -- list [--projection name]
 *   npm run projections:set-aside -- retry [--projection name]
 * Env: DATABASE_URL (PostgreSQL; else the embedded PGlite in DATA_DIR, default ./data), EVENTSTORE_URL (KurrentDB).
 * Exit codes: 0 done (retry: nothing still failing), 1 failed (retry: some still failing), 2 usage.
 */
import { resolve } from 'node:path';
import { openDatabase } from '@shop/infrastructure';
import { createEventStore } from '@shop/infrastructure';
import { allProjections } from './all-projections';
import { migrateReadModels } from './read-model.migrations';
import { assertDataDirUsable, UsageError } from './rebuild.cli';
import { retrySetAside } from './runner/retry-set-aside';
import { formatPosition, listSetAside, type SetAsideEvent } from './runner/set-aside.store';

export interface SetAsideArgs {
  readonly command: 'list' | 'retry' | 'help';
  readonly projection?: string;
  readonly force: boolean;
}

export const SET_ASIDE_USAGE = `Usage: set-aside list [--projection name] [--force]
       set-aside retry [--projection name] [--force]
  list   events projections could not apply: position, projection, stream, type, error, when
  retry  applies them again (after a fix); those that apply now are removed, the others reported
  Projections: ${allProjections.map((projection) => projection.name).join(', ')}
  --force  no longer needed, accepted for old scripts: a data folder left by a crash is taken over`;

export function parseSetAsideArgs(argv: readonly string[]): SetAsideArgs {
  let command: SetAsideArgs['command'] | undefined;
  let projection: string | undefined;
  let force = false;
  for (let index = 0; index < argv.length; index++) {
    const [flag, inline] = (argv[index] ?? '').split('=', 2) as [string, string | undefined];
    if (flag === 'list' || flag === 'retry') {
      if (command) throw new UsageError(`Only one command, not ${command} and ${flag}`);
      command = flag;
    } else if (flag === '--projection') {
      projection = (inline ?? argv[++index] ?? '').trim();
      if (!allProjections.some((known) => known.name === projection))
        throw new UsageError(`Unknown projection ${projection || '(none given)'}`);
    } else if (flag === '--force') force = true;
    else if (flag === '--help' || flag === '-h') command = 'help';
    else throw new UsageError(`Unknown argument ${flag}`);
  }
  if (!command) throw new UsageError('Say list or retry');
  return { command, projection, force };
}

const describe = (event: SetAsideEvent) =>
  `${formatPosition(event.position)}  ${event.projection}  ${event.streamId}  ${event.eventType}`;

/** Resolves the exit code (0 or 1); throws UsageError for exit code 2. */
export async function runSetAsideCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  print: (line: string) => void = (line) => console.log(line),
): Promise<0 | 1> {
  const args = parseSetAsideArgs(argv);
  if (args.command === 'help') {
    print(SET_ASIDE_USAGE);
    return 0;
  }
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = env.DATA_DIR || './data';
  if (!databaseUrl) assertDataDirUsable(dataDir);
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    await migrateReadModels(database.knex);
    if (args.command === 'list') {
      const events = await listSetAside(database.knex, args.projection);
      print(
        events.length === 0
          ? `No set-aside events (read models in ${databaseUrl ? 'PostgreSQL' : `PGlite ${resolve(dataDir)}`})`
          : `${events.length} set-aside event(s): position  projection  stream  type  since  attempts  error`,
      );
      for (const event of events) {
        print(`  ${describe(event)}  ${event.firstFailedAt.toISOString()}  ${event.attempts}  ${event.errorMessage}`);
      }
      return 0;
    }
    const eventStore = await createEventStore({ eventStoreUrl: env.EVENTSTORE_URL || undefined, database });
    try {
      const report = await retrySetAside({
        knex: database.knex,
        eventStore,
        projections: allProjections,
        projection: args.projection,
      });
      print(`Retried ${report.applied.length + report.failing.length} set-aside event(s)`);
      for (const event of report.applied) print(`  applied: ${describe(event)}`);
      for (const { event, message } of report.failing) print(`  still failing: ${describe(event)}: ${message}`);
      return report.failing.length === 0 ? 0 : 1;
    } finally {
      await eventStore.close();
    }
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  runSetAsideCli(process.argv.slice(2), process.env).then(
    (code) => process.exit(code),
    (error: unknown) => {
      if (error instanceof UsageError) console.error(`${error.message}\n\n${SET_ASIDE_USAGE}`);
      else console.error('set-aside failed:', error instanceof Error ? error.message : error);
      process.exit(error instanceof UsageError ? 2 : 1);
    },
  );
}
