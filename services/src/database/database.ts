import type { Knex } from 'knex';

export interface Database {
  readonly knex: Knex;
  readonly engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server. When absent, the embedded PGlite is used. */
  readonly databaseUrl?: string;
  /** PGlite data folder; 'memory://' keeps it in memory (tests). */
  readonly dataDir?: string;
}

/** TODO(event-store helper): implement. Embedded PGlite served over pglite-socket, or a pg pool. */
export async function openDatabase(_options: DatabaseOptions): Promise<Database> {
  throw new Error('not implemented');
}
