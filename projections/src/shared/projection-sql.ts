import type { Knex } from 'knex';

export type SqlValue = string | number | boolean | Date | null;

/**
 * What a projection may do inside its batch's transaction. Writes are queued and leave, in order,
 * before the next read or at the end of the batch, so a read sees every write queued before it.
 */
export interface ProjectionSql {
  /** Runs after every write queued before it and returns its rows. */
  query<Row>(sql: string, bindings?: readonly SqlValue[]): Promise<Row[]>;
  /** Queued; its result is never needed. A failure surfaces at the next query or at the flush. */
  write(sql: string, bindings?: readonly SqlValue[]): void;
}

interface Statement {
  readonly sql: string;
  readonly bindings: readonly SqlValue[];
}

/**
 * ProjectionSql over a knex transaction. Every statement travels with its parameters: values are
 * never written into SQL text, so a live projection stores exactly what a rebuild stores (values once
 * inlined as escaped literals lost a backslash before `?` to knex's placeholder rules).
 */
export class StatementPipeline implements ProjectionSql {
  private queued: Statement[] = [];

  constructor(private readonly trx: Knex.Transaction) {}

  write(sql: string, bindings: readonly SqlValue[] = []): void {
    this.queued.push({ sql, bindings });
  }

  async query<Row>(sql: string, bindings: readonly SqlValue[] = []): Promise<Row[]> {
    await this.flush();
    const result: { rows: unknown[] } = await this.run({ sql, bindings });
    return result.rows as Row[];
  }

  /** Sends whatever is still queued. */
  async flush(): Promise<void> {
    const statements = this.queued;
    this.queued = [];
    for (const statement of statements) await this.run(statement);
  }

  private run(statement: Statement): Promise<{ rows: unknown[] }> {
    return this.trx.raw(statement.sql, statement.bindings as readonly Knex.RawBinding[]);
  }
}
