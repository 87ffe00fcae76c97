/**
 * npm run restore -- <backup file> [--data-dir <new folder>]: brings a backup back into a FRESH
 * embedded folder (DATA_DIR by default; it must not hold a database yet) or, with DATABASE_URL, into
 * an empty database; then rebuilds every read model from the restored events.
 */
import { createReadStream, existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { allProjections, migrateReadModels, rebuildReadModels } from '@shop/projections';
import { openDatabase } from '@shop/infrastructure';
import { PostgresEventStore } from '@shop/infrastructure';
import { restoreEventBackup, type BackupCounts } from '@shop/infrastructure';

export async function runRestoreCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  print: (line: string) => void = (line) => console.log(line),
): Promise<BackupCounts> {
  const args = [...argv];
  const dirFlag = args.indexOf('--data-dir');
  const dataDir = dirFlag >= 0 ? args.splice(dirFlag, 2)[1] : env.DATA_DIR || './data';
  const file = args[0];
  if (!file || !dataDir) throw new Error('Usage: npm run restore -- <backup file> [--data-dir <new folder>]');
  const databaseUrl = dirFlag >= 0 ? undefined : env.DATABASE_URL || undefined;
  if (!existsSync(file)) throw new Error(`No backup file ${resolve(file)}`);
  if (!databaseUrl && existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(`${resolve(dataDir)} is not empty: restore into a fresh folder, then point DATA_DIR at it`);

  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const counts = await restoreEventBackup(database.knex, () =>
      createInterface({ input: createReadStream(file), crlfDelay: Infinity }),
    );
    print(
      `Restored ${counts.events} events in ${counts.streams} streams into ${databaseUrl ? 'the PostgreSQL database' : resolve(dataDir)}`,
    );
    await migrateReadModels(database.knex);
    const eventStore = await PostgresEventStore.open(database.knex);
    try {
      const rebuilt = await rebuildReadModels({
        knex: database.knex,
        eventStore,
        projections: allProjections,
        logger: { info: () => undefined, warn: print, error: (message) => print(message) },
      });
      print(`Read models rebuilt: ${rebuilt.eventsRead} events in ${(rebuilt.durationMs / 1000).toFixed(1)} s`);
    } finally {
      await eventStore.close();
    }
    return counts;
  } finally {
    await database.close();
  }
}

if (require.main === module) {
  runRestoreCli(process.argv.slice(2), process.env).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
