/**
 * npm run backup [-- <file>]: a consistent copy of the event store (the books), while the app runs.
 *   Embedded PGlite (DATA_DIR, default ./data): the running app writes it (POST /api/backup, token
 *   from the data folder); when the app is stopped, the folder is read directly.
 *   DATABASE_URL: read from the server in one repeatable-read transaction (pg_dump: docs/operations.md).
 */
import { createWriteStream, existsSync, mkdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { once } from 'node:events';
import { openDatabase } from '@shop/infrastructure';
import { ENDPOINT_FILE, type BackupEndpoint } from './backup-endpoint';
import { writeEventBackup, type BackupCounts } from '@shop/infrastructure';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

function runningEndpoint(dataDir: string): BackupEndpoint | null {
  const path = join(dataDir, ENDPOINT_FILE);
  if (!existsSync(path)) return null;
  const endpoint = JSON.parse(readFileSync(path, 'utf8')) as BackupEndpoint;
  return isAlive(endpoint.pid) ? endpoint : null;
}

export async function runBackupCli(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  print: (line: string) => void = (line) => console.log(line),
): Promise<{ file: string; counts: BackupCounts }> {
  const file = resolve(
    argv[0] ?? join('backups', `glow-events-${new Date().toISOString().replace(/[:.]/g, '-')}.ndjson`),
  );
  mkdirSync(dirname(file), { recursive: true });
  // Written beside the target and renamed at the end: a half-written file never has the final name.
  const partial = `${file}.partial`;
  const output = createWriteStream(partial);
  const write = async (line: string) => {
    if (!output.write(`${line}\n`)) await once(output, 'drain');
  };
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = env.DATA_DIR || './data';
  let counts: BackupCounts;
  const endpoint = databaseUrl ? null : runningEndpoint(dataDir);
  if (endpoint) {
    print(`Asking the running app (pid ${endpoint.pid}) for a backup of ${resolve(dataDir)}`);
    const response = await fetch(`http://127.0.0.1:${endpoint.port}/api/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.token}` },
    });
    if (!response.ok || !response.body)
      throw new Error(`The app refused the backup: ${response.status} ${await response.text()}`);
    let last = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      if (!output.write(chunk)) await once(output, 'drain');
      last = (last + Buffer.from(chunk).toString('utf8')).slice(-500);
    }
    const endLine = last.trim().split('\n').pop() ?? '';
    const end = (JSON.parse(endLine) as { end?: BackupCounts }).end;
    if (!end) throw new Error('The backup stream ended early');
    counts = end;
  } else {
    if (!databaseUrl && !existsSync(join(dataDir, 'PG_VERSION')))
      throw new Error(`No database in ${resolve(dataDir)}: set DATA_DIR (or DATABASE_URL)`);
    print(`Reading ${databaseUrl ? 'the PostgreSQL server' : `the stopped app's folder ${resolve(dataDir)}`}`);
    const database = await openDatabase({ databaseUrl, dataDir });
    try {
      counts = await writeEventBackup(database.knex, write);
    } finally {
      await database.close();
    }
  }
  output.end();
  await once(output, 'finish');
  renameSync(partial, file);
  print(`Backup written: ${file} (${counts.events} events in ${counts.streams} streams)`);
  return { file, counts };
}

if (require.main === module) {
  runBackupCli(process.argv.slice(2), process.env).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
