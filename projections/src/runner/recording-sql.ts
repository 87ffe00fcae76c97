import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ProjectionCarry } from '../shared/projection-carry';
import type { ProjectionSql, RowsInsert, SqlValue } from '../shared/projection-sql';

/** A projection asked to read while being recorded: it must be projected inside its transaction instead. */
export class ReadNeededError extends Error {
  constructor() {
    super('a recorded projection cannot read');
    this.name = 'ReadNeededError';
  }
}

type Recorded =
  | { readonly sql: string; readonly bindings: readonly SqlValue[]; readonly rows?: undefined }
  | { readonly rows: RowsInsert };

/**
 * ProjectionSql that only writes down what a projection wants written, to be sent later into a
 * transaction (replayInto): lets the rebuild build one batch's rows while the previous batch is still
 * being written. Any read refuses (ReadNeededError): a projection that reads is projected inside the transaction.
 */
export class RecordingSql implements ProjectionSql {
  private readonly recorded: Recorded[] = [];

  constructor(readonly carry: ProjectionCarry) {}

  write(sql: string, bindings: readonly SqlValue[] = []): void {
    this.recorded.push({ sql, bindings });
  }

  insert(rows: RowsInsert): void {
    if (rows.rows.length > 0) this.recorded.push({ rows });
  }

  /** The batch before is being written meanwhile: its next statement goes out between slices. */
  pause(): Promise<void> {
    return nextTurn();
  }

  query<Row>(): Promise<Row[]> {
    return Promise.reject(new ReadNeededError());
  }

  /** The recorded row inserts, in order. */
  get inserts(): RowsInsert[] {
    return this.recorded.flatMap((statement) => (statement.rows ? [statement.rows] : []));
  }

  /** Queues every recorded statement on `sql`, in the order they were recorded. */
  replayInto(sql: ProjectionSql): void {
    for (const statement of this.recorded) {
      if (statement.rows) sql.insert(statement.rows);
      else sql.write(statement.sql, statement.bindings);
    }
  }
}
