import { randomBytes } from 'node:crypto';
import knexFactory from 'knex';
import { openDatabase, type Database } from '../database';

export interface TestDatabase {
  readonly database: Database;
  /** Closes the database and, on a server, drops it. */
  drop(): Promise<void>;
}

/**
 * A database no other run can see: a fresh one on the DATABASE_URL server (created through the
 * URL's own database, dropped afterwards), else PGlite in memory.
 */
export async function createTestDatabase(databaseUrl = process.env.DATABASE_URL): Promise<TestDatabase> {
  if (!databaseUrl) {
    const database = await openDatabase({ dataDir: 'memory://' });
    return { database, drop: () => database.close() };
  }
  const scratch = await createScratchDatabase(databaseUrl);
  const database = await openDatabase({ databaseUrl: scratch.url });
  return {
    database,
    async drop() {
      await database.close();
      await scratch.drop();
    },
  };
}

export interface ScratchDatabase {
  /** URL of a new, empty database on the same server. */
  readonly url: string;
  /** Drops it, closing any connection still open. */
  drop(): Promise<void>;
}

/** A new database on the server of `databaseUrl`, for a test that opens it itself (e.g. a whole app). */
export async function createScratchDatabase(databaseUrl: string): Promise<ScratchDatabase> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await runOnServer(databaseUrl, `create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runOnServer(databaseUrl, `drop database if exists ${name} with (force)`) };
}

async function runOnServer(databaseUrl: string, sql: string): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: databaseUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(sql);
  } finally {
    await admin.destroy();
  }
}
