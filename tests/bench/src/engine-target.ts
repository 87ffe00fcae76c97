import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import knexFactory from 'knex';
import type { DatabaseOptions } from '@shop/infrastructure';

export type EngineName = 'pglite' | 'postgres';

/** An empty database of its own for one part of the run, gone after drop(). */
export interface FreshDatabase {
  /** For a child process: DATA_DIR or DATABASE_URL. */
  readonly env: Record<string, string>;
  /** For openDatabase in this process. */
  readonly options: DatabaseOptions;
  /** On a PostgreSQL server: where to find the backends serving this database. */
  readonly server?: { readonly adminUrl: string; readonly database: string };
  drop(): Promise<void>;
}

export interface EngineTarget {
  readonly name: EngineName;
  fresh(): Promise<FreshDatabase>;
}

/** PGlite in a temporary data folder (on disk, as the app runs it). */
export const pgliteTarget: EngineTarget = {
  name: 'pglite',
  async fresh() {
    const folder = await mkdtemp(join(tmpdir(), 'shop-bench-'));
    const dataDir = join(folder, 'data');
    return {
      env: { DATA_DIR: dataDir },
      options: { dataDir },
      drop: () => rm(folder, { recursive: true, force: true }),
    };
  },
};

/** Scratch databases on the server of `serverUrl`: created through its own database, dropped with force. */
export function postgresTarget(serverUrl: string): EngineTarget {
  return {
    name: 'postgres',
    async fresh() {
      const name = `bench_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
      await runOnServer(serverUrl, `create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      return {
        env: { DATABASE_URL: url.toString() },
        options: { databaseUrl: url.toString() },
        server: { adminUrl: serverUrl, database: name },
        drop: () => runOnServer(serverUrl, `drop database if exists ${name} with (force)`),
      };
    },
  };
}

async function runOnServer(serverUrl: string, sql: string): Promise<void> {
  const admin = knexFactory({ client: 'pg', connection: serverUrl, pool: { min: 0, max: 1 } });
  try {
    await admin.raw(sql);
  } finally {
    await admin.destroy();
  }
}
