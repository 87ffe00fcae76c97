import knexFactory, { type Knex } from 'knex';
import { startEmbeddedPostgres } from './embedded-postgres';
import { PreparingPgClient } from './preparing-pg-client';

const client = PreparingPgClient as unknown as typeof knexFactory.Client;

export interface Database {
  readonly knex: Knex;
  readonly engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL server. When absent, the embedded PGlite is used. */
  readonly databaseUrl?: string;
  /** PGlite data folder; 'memory://' keeps it in memory (tests). Defaults to memory. */
  readonly dataDir?: string;
}

/**
 * One knex for the whole process. bigint and numeric columns come back as strings (pg's default,
 * kept on purpose): money is numeric and must stay a decimal string, never a float.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openServerDatabase(options.databaseUrl);
  return openEmbeddedDatabase(options.dataDir ?? 'memory://');
}

/**
 * knex's own warnings (chiefly a connection it could not make: a server down or refusing) in one
 * line each: knex appends the error's stack, which tells an operator nothing the message does not.
 */
const knexLog: Knex.Config['log'] = {
  warn: (message: string) => console.warn(message.split('\n', 1)[0]),
  error: (message: string) => console.error(message.split('\n', 1)[0]),
};

function openServerDatabase(databaseUrl: string): Database {
  const knex = knexFactory({ client, connection: databaseUrl, pool: { min: 0, max: 10 }, log: knexLog });
  return { knex, engine: 'postgres', close: () => knex.destroy() };
}

async function openEmbeddedDatabase(dataDir: string): Promise<Database> {
  const embedded = await startEmbeddedPostgres(dataDir);
  // PGlite has a single session and runs one query at a time: one connection keeps transactions
  // apart, and a query issued outside its `.transacting(trx)` fails on the pool timeout instead of
  // slipping into someone else's transaction.
  const knex = knexFactory({
    client,
    connection: { stream: () => embedded.openStream(), user: 'postgres', database: 'postgres' },
    pool: { min: 0, max: 1 },
    acquireConnectionTimeout: 10_000,
  });
  let closing: Promise<void> | undefined;
  return {
    knex,
    engine: 'pglite',
    close() {
      closing ??= knex.destroy().finally(() => embedded.stop());
      return closing;
    },
  };
}
