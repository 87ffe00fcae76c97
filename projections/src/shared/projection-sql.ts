import type { Knex } from 'knex';
import { runPipelined } from '@shop/infrastructure';
import type { ProjectionCarry } from './projection-carry';
import { jsonParam } from './sql-values';

export type SqlValue = string | number | boolean | Date | null;

/**
 * What a projection may do inside its batch's transaction. Writes are queued and leave, in order,
 * before the next read or at the end of the batch (or when sendNow starts them), so a read sees
 * every write queued before it.
 */
export interface ProjectionSql {
  /** Runs after every write queued before it and returns its rows. */
  query<Row>(sql: string, bindings?: readonly SqlValue[]): Promise<Row[]>;
  /** Queued; its result is never needed. A failure surfaces at the next query or at the flush. */
  write(sql: string, bindings?: readonly SqlValue[]): void;
  /** Queued like a write: new rows for one table (a rebuild may load them by COPY, see RowsInsert). */
  insert(rows: RowsInsert): void;
  /** State handed on from the previous batch, where the runner can vouch for it (see ProjectionCarry). */
  readonly carry?: ProjectionCarry;
  /**
   * Lets other work run between slices of a long batch (a rebuild records while it writes; a bulk
   * delivery's rows travel); absent from a live delivery's small batches.
   */
  readonly pause?: () => Promise<void>;
  /**
   * Starts sending what is queued so far while the projection goes on (a bulk delivery's COPY), so
   * the database takes a long batch's first rows while the rest are built; the next query or the
   * flush waits for them, and a failure surfaces there. Absent where writes only go at those points.
   */
  readonly sendNow?: () => void;
}

/**
 * Rows for one table, each an object keyed by column name (a missing key is null). Live, they go as
 * ONE jsonb parameter expanded by jsonb_to_recordset (recordsetInsert); a rebuild into fresh tables
 * may send them by COPY instead, which reads the same text through the same input functions.
 */
export interface RowsInsert {
  readonly table: string;
  /** Column names and the SQL types their values are read as. */
  readonly columns: readonly (readonly [name: string, type: string])[];
  readonly rows: readonly object[];
  /** An ON CONFLICT clause; COPY has none, so a rebuild falls back to the statement when it is hit. */
  readonly onConflict?: string;
  /**
   * Rows that may be stored already as a rule (a text shared by many events), not only on a repeated
   * delivery: never sent by COPY, whose first conflict would send the whole batch the slow way.
   */
  readonly mayExist?: boolean;
}

/** The statement that inserts `rows` live: every row in one jsonb parameter. */
export function recordsetInsert(insert: RowsInsert): { sql: string; bindings: SqlValue[] } {
  const names = insert.columns.map(([name]) => name).join(', ');
  const types = insert.columns.map(([name, type]) => `${name} ${type}`).join(', ');
  return {
    sql:
      `insert into ${insert.table} (${names}) select ${names} from jsonb_to_recordset(?::jsonb) as r(${types})` +
      (insert.onConflict ? ` ${insert.onConflict}` : ''),
    bindings: [jsonParam(insert.rows)],
  };
}

/** A queued write as SQL and bindings (an insert as its jsonb statement). */
const plainStatement = (statement: Statement): { sql: string; bindings: readonly SqlValue[] } =>
  statement.insert ? recordsetInsert(statement.insert) : statement;

type Statement =
  | { readonly sql: string; readonly bindings: readonly SqlValue[]; readonly insert?: undefined }
  | { readonly insert: RowsInsert };

/**
 * ProjectionSql over a knex transaction. Every statement travels with its parameters: values are
 * never written into SQL text, so a live projection stores exactly what a rebuild stores (values once
 * inlined as escaped literals lost a backslash before `?` to knex's placeholder rules).
 */
export class StatementPipeline implements ProjectionSql {
  private queued: Statement[] = [];
  /** Statements handed over by sendStarted, in order; the next query or flush waits for them. */
  private sending: Promise<void> | null = null;

  constructor(private readonly trx: Knex.Transaction) {}

  write(sql: string, bindings: readonly SqlValue[] = []): void {
    this.queued.push({ sql, bindings });
  }

  insert(rows: RowsInsert): void {
    if (rows.rows.length > 0) this.queued.push({ insert: rows });
  }

  async query<Row>(sql: string, bindings: readonly SqlValue[] = []): Promise<Row[]> {
    if (this.sending) await this.sent();
    if (this.pipelines && this.queued.length > 0) {
      // The queued writes and this read in one round trip, when they are all prepared already.
      const rows = await runPipelined(this.trx, [...this.queued.map(plainStatement), { sql, bindings }]);
      if (rows) {
        this.queued = [];
        return rows as Row[];
      }
    }
    await this.flush();
    const result: { rows: unknown[] } = await this.run({ sql, bindings });
    return result.rows as Row[];
  }

  /**
   * Sends whatever is still queued: in one round trip when every statement is already prepared on
   * the transaction's connection (runPipelined), one by one otherwise.
   */
  async flush(): Promise<void> {
    if (this.sending) await this.sent();
    const statements = this.queued;
    this.queued = [];
    if (this.pipelines && statements.length > 1 && (await runPipelined(this.trx, statements.map(plainStatement))))
      return;
    for (const statement of statements) await this.run(statement);
  }

  /** Starts sending the statements queued so far, one by one, after any started before (see ProjectionSql.sendNow). */
  protected sendStarted(): void {
    const statements = this.queued;
    this.queued = [];
    const previous = this.sending ?? Promise.resolve();
    const sending = previous.then(async () => {
      for (const statement of statements) await this.run(statement);
    });
    sending.catch(() => undefined); // it surfaces where it is awaited: the next query or flush
    this.sending = sending;
  }

  /** Called only while something is being sent (`this.sending` set): the hot path skips the call. */
  private async sent(): Promise<void> {
    const sending = this.sending;
    this.sending = null;
    await sending;
  }

  /** Whether queued writes may go in one round trip; a rebuild's COPY pipeline sends rows its own way. */
  protected readonly pipelines: boolean = true;

  private run(statement: Statement): Promise<{ rows: unknown[] }> {
    if (statement.insert) return this.runInsert(statement.insert).then(() => ({ rows: [] }));
    return this.trx.raw(statement.sql, statement.bindings as readonly Knex.RawBinding[]);
  }

  /** How queued rows reach their table; a rebuild's pipeline overrides it (COPY). */
  protected async runInsert(insert: RowsInsert): Promise<void> {
    const { sql, bindings } = recordsetInsert(insert);
    await this.trx.raw(sql, bindings);
  }

  protected get transaction(): Knex.Transaction {
    return this.trx;
  }
}
