import type { Knex } from 'knex';
import { Query } from 'pg';
import { prepareValue } from 'pg/lib/utils';
import { clientStatementName } from './preparing-pg-client';

/** A statement as the server receives it: `$n` placeholders and their values. */
interface NativeStatement {
  readonly name: string;
  readonly text: string;
  readonly values: readonly unknown[];
}

/** The parts of pg's connection a pipeline writes to (pg/lib/connection.js). */
interface PgConnection {
  readonly parsedStatements: Record<string, string>;
  readonly stream: { cork?(): void; uncork?(): void };
  bind(message: {
    portal: string;
    statement: string;
    values: readonly unknown[];
    valueMapper: (value: unknown) => unknown;
  }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: { portal: string }): void;
  sync(): void;
}

/** pg's Client, as knex hands it out. */
interface PgClient {
  readonly connection: PgConnection;
  query(query: PipelinedQuery): void;
}

/**
 * Several statements already prepared on the connection, sent in ONE round trip: Bind, Describe
 * and Execute for each, then a single Sync (the extended protocol's pipelining). The server runs
 * them in order, as if sent one by one; the first error skips the rest, and pg then fails the query.
 * A pg Query, so the client queues it, routes the answers to it and calls back once, at Sync.
 */
class PipelinedQuery extends Query {
  constructor(
    private readonly statements: readonly NativeStatement[],
    callback: (error: Error | null, results?: readonly { rows: unknown[] }[]) => void,
  ) {
    // pg answers one result, or an array of them when several statements completed.
    super({ text: statements[0]!.text }, (error: Error | undefined, results: unknown) =>
      error ? callback(error) : callback(null, (Array.isArray(results) ? results : [results]) as { rows: unknown[] }[]),
    );
  }

  // pg calls submit(connection) and fails the query with the Error it returns (@types/pg says void).
  override submit = ((connection: PgConnection): Error | null => {
    // Values are mapped before anything is sent: a value pg cannot send fails here, whole.
    let mapped: unknown[][];
    try {
      mapped = this.statements.map((statement) => statement.values.map((value) => prepareValue(value)));
    } catch (error) {
      return error instanceof Error ? error : new Error(String(error));
    }
    connection.stream.cork?.();
    try {
      this.statements.forEach((statement, index) => {
        connection.bind({
          portal: '',
          statement: statement.name,
          values: mapped[index]!,
          valueMapper: (value) => value,
        });
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '' });
      });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }) as unknown as Query['submit'];
}

/**
 * Runs statements of a transaction in one round trip when every one of them is already a named
 * prepared statement on its connection (PreparingPgClient names each on its first run), and answers
 * the rows of the last one; otherwise sends nothing and answers null, and the caller runs them one
 * by one, which prepares them for next time. For writes followed by at most one read: the rows of
 * the others are not kept apart. Measured in docs/benchmarks.md ("Fourth sitting"): on PGlite's
 * single connection every round trip also waits for the gateway's busy event loop.
 */
export async function runPipelined(
  trx: Knex.Transaction,
  statements: readonly { readonly sql: string; readonly bindings: readonly unknown[] }[],
): Promise<unknown[] | null> {
  if (statements.length < 2) return null;
  // Inside a transaction knex's client hands out the transaction's own connection.
  const client = trx.client as unknown as { acquireConnection(): Promise<PgClient> };
  const pgClient = await client.acquireConnection();
  const parsed = pgClient.connection.parsedStatements;
  const native: NativeStatement[] = [];
  for (const statement of statements) {
    const { sql, bindings } = trx
      .raw(statement.sql, statement.bindings as Knex.RawBinding[])
      .toSQL()
      .toNative();
    const name = clientStatementName(pgClient, sql);
    if (parsed[name] !== sql) return null;
    native.push({ name, text: sql, values: bindings });
  }
  const results = await new Promise<readonly { rows: unknown[] }[]>((resolve, reject) => {
    pgClient.query(new PipelinedQuery(native, (error, answers) => (error ? reject(error) : resolve(answers ?? []))));
  });
  return results.at(-1)?.rows ?? [];
}
