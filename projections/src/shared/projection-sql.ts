import type { Knex } from 'knex';

export type SqlValue = string | number | boolean | Date | null;

/**
 * What a projection may do inside its batch's transaction. Writes are queued and leave together
 * with the next read, or at the end of the batch: a batch of stock movements costs a handful of
 * round trips to the database instead of one per statement (most of the time of a live batch went
 * to round trips, not to the statements). Order is kept: a read sees every write queued before it.
 */
export interface ProjectionSql {
  /** Runs after every write queued before it, in the same round trip, and returns its rows. */
  query<Row>(sql: string, bindings?: readonly SqlValue[]): Promise<Row[]>;
  /** Queued; its result is never needed. A failure surfaces at the next query or at the flush. */
  write(sql: string, bindings?: readonly SqlValue[]): void;
}

interface Statement {
  readonly sql: string;
  readonly bindings: readonly SqlValue[];
}

/**
 * Past this many characters of values, queued statements are sent one by one: round trips no longer
 * matter next to statements that big (a rebuild batch), while writing megabytes of values into a
 * script and having the server parse them back costs more (measured 10-20% of a rebuild).
 */
const MAX_SCRIPT_BINDINGS = 256 * 1024;

const bindingSize = (statements: readonly Statement[]) =>
  statements.reduce(
    (size, statement) =>
      size + statement.bindings.reduce<number>((sum, value) => sum + (typeof value === 'string' ? value.length : 8), 0),
    0,
  );

/**
 * ProjectionSql over a knex transaction. A statement that travels alone keeps its parameters (and
 * its prepared plan, see PreparingPgClient); small queued statements that travel together become one
 * simple-protocol script, their values written in as escaped literals (a live batch: a handful of
 * round trips instead of one per statement, which counts most where the database is across a network).
 */
export class StatementPipeline implements ProjectionSql {
  private queued: Statement[] = [];

  constructor(private readonly trx: Knex.Transaction) {}

  write(sql: string, bindings: readonly SqlValue[] = []): void {
    this.queued.push({ sql, bindings });
  }

  async query<Row>(sql: string, bindings: readonly SqlValue[] = []): Promise<Row[]> {
    const results = await this.send([...this.take(), { sql, bindings }]);
    return (results.at(-1)?.rows ?? []) as Row[];
  }

  /** Sends whatever is still queued. */
  async flush(): Promise<void> {
    const statements = this.take();
    if (statements.length > 0) await this.send(statements);
  }

  private take(): Statement[] {
    const statements = this.queued;
    this.queued = [];
    return statements;
  }

  private async send(statements: readonly Statement[]): Promise<{ rows: unknown[] }[]> {
    if (statements.length === 1 || bindingSize(statements) > MAX_SCRIPT_BINDINGS) {
      const results: { rows: unknown[] }[] = [];
      for (const statement of statements) {
        results.push(await this.trx.raw(statement.sql, statement.bindings as readonly Knex.RawBinding[]));
      }
      return results;
    }
    // Every placeholder is gone by now: a ? left is inside a literal, and knex must leave it alone.
    const script = statements
      .map((statement) => this.inline(statement))
      .join(';\n')
      .replace(/\?/g, '\\?');
    const results: { rows: unknown[] } | { rows: unknown[] }[] = await this.trx.raw(script);
    return Array.isArray(results) ? results : [results];
  }

  /** knex's own placeholder rules (?, ??, \?) compile to $n; each $n then becomes a literal. */
  private inline(statement: Statement): string {
    if (statement.bindings.length === 0) return statement.sql;
    const native = this.trx
      .raw(statement.sql, statement.bindings as readonly Knex.RawBinding[])
      .toSQL()
      .toNative();
    return native.sql.replace(/\$(\d+)\b/g, (_, index: string) =>
      sqlLiteral(native.bindings[Number(index) - 1] as SqlValue),
    );
  }
}

/** A value as PostgreSQL literal text, escaped as pg's escapeLiteral does. */
export function sqlLiteral(value: SqlValue | undefined): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`Cannot write ${value} into SQL`);
    return String(value);
  }
  if (value instanceof Date) return quote(value.toISOString());
  if (typeof value === 'string') return quote(value);
  throw new Error(`Cannot write a ${typeof value} into SQL`);
}

function quote(text: string): string {
  const quoted = `'${text.replace(/'/g, "''")}'`;
  // E'' with doubled backslashes reads the same whatever standard_conforming_strings says.
  return text.includes('\\') ? ` E${quoted.replace(/\\/g, '\\\\')}` : quoted;
}
