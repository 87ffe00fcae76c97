import { setImmediate as nextTurn } from 'node:timers/promises';
import { from as copyFrom, type CopyStreamQuery } from 'pg-copy-streams';
import { StatementPipeline, type RowsInsert } from '../shared/projection-sql';
import { copyLineWriter } from './copy-line';

interface CopyConnection {
  query(stream: NodeJS.WritableStream): NodeJS.WritableStream;
}

/** pg-copy-streams' COPY FROM stream: the package exports a factory, not the class. */
const CopyFromStream = copyFrom('').constructor as new (text: string) => CopyStreamQuery;
type Flush = (this: CopyStreamQuery, callback?: () => void) => void;

/**
 * pg-copy-streams 7 (brianc/node-pg-copy-streams#171, open): when the server refuses a COPY while
 * the stream waits for the socket to drain, that wait ends in flush() on the connection the stream
 * already let go, a TypeError thrown from a socket callback, which ends the process (a rebuild or a
 * projector catching up, on a refused row). By then the COPY has failed and nothing is to be sent.
 */
class GuardedCopyFrom extends CopyFromStream {
  flush(callback?: () => void): void {
    if (!(this as unknown as { connection: unknown }).connection) return;
    (CopyFromStream.prototype as unknown as { flush: Flush }).flush.call(this, callback);
  }
}

/**
 * The rebuild's ProjectionSql: rows inserted with `insert` travel by COPY FROM STDIN (text format),
 * which PostgreSQL reads through each column's input function, the same function that reads a
 * jsonb_to_recordset field: COPY skips the jsonb document, about four times the server's work per
 * row. Only for tables nobody else writes (a rebuild's fresh schema): COPY has no ON CONFLICT, so
 * when it fails the caller applies the batch again through the plain StatementPipeline, which does
 * exactly what live projection does (see rebuild-read-models.ts).
 */
export class CopyPipeline extends StatementPipeline {
  protected override readonly pipelines = false;

  /** Between slices of a long batch: lets the rows sent so far travel while the rest are built. */
  readonly pause = (): Promise<void> => nextTurn();

  readonly sendNow = (): void => this.sendStarted();

  protected override async runInsert(insert: RowsInsert): Promise<void> {
    const chunks = insert.mayExist ? null : prepared.has(insert) ? prepared.get(insert)! : copyChunks(insert);
    if (chunks === null) return super.runInsert(insert);
    const names = insert.columns.map(([name]) => name).join(', ');
    // Inside a transaction knex's client hands out the transaction's own connection.
    const client = this.transaction.client as unknown as { acquireConnection(): Promise<CopyConnection> };
    const connection = await client.acquireConnection();
    await new Promise<void>((resolve, reject) => {
      const stream = connection.query(new GuardedCopyFrom(`copy ${insert.table} (${names}) from stdin`));
      stream.on('error', reject);
      stream.on('finish', resolve);
      for (const chunk of chunks) stream.write(chunk);
      stream.end();
    });
  }
}

const prepared = new WeakMap<RowsInsert, Buffer[] | null>();

/** Builds the COPY text of `insert` now, ahead of its transaction (a recorded batch, see recordBatch). */
export function prepareCopy(insert: RowsInsert): void {
  if (!insert.mayExist) prepared.set(insert, copyChunks(insert));
}

/** Bytes of COPY text per chunk: large enough to be few messages, small enough to stay out of the way. */
const CHUNK_BYTES = 1 << 20;

/**
 * The COPY text of `insert.rows` in chunks of whole rows, or null when a value could be read
 * differently from the jsonb path (then the plain statement goes instead, see copyLineWriter). Each
 * row is written straight into a buffer: no string of the whole batch is ever built.
 */
export function copyChunks(insert: RowsInsert): Buffer[] | null {
  const copyLine = copyLineWriter(insert.columns);
  const chunks: Buffer[] = [];
  let chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  let offset = 0;
  for (const row of insert.rows) {
    const line = copyLine(row);
    if (line === null) return null;
    // At most three bytes per UTF-16 unit: when that may not fit, the row starts a new chunk.
    if (offset + line.length * 3 > chunk.length) {
      if (offset > 0) chunks.push(chunk.subarray(0, offset));
      chunk = Buffer.allocUnsafe(Math.max(CHUNK_BYTES, line.length * 3));
      offset = 0;
    }
    offset += chunk.write(line, offset);
  }
  if (offset > 0) chunks.push(chunk.subarray(0, offset));
  return chunks;
}
