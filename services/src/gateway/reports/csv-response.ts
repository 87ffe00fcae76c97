import { Logger } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { pipeline, Readable } from 'node:stream';
import { neutraliseCell } from './csv-cell';

/** A CSV download: its file name and its records, produced lazily page by page. */
export interface CsvExport {
  readonly filename: string;
  readonly columns: readonly string[];
  readonly records: AsyncIterable<readonly string[]>;
}

const logger = new Logger('CsvExport');

/** The records with the first one already read, so a failure to start is thrown before any byte is sent. */
async function startRecords(records: AsyncIterable<readonly string[]>): Promise<AsyncIterable<readonly string[]>> {
  const iterator = records[Symbol.asyncIterator]();
  const first = await iterator.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  })();
}

/**
 * Streams an export: records flow from the database pages through csv-stringify into the response
 * with backpressure, so memory stays flat whatever the size. UTF-8 with a BOM, which Excel needs to
 * read the naira sign and accented names; CRLF line ends as RFC 4180 asks. The first page is read
 * before the headers go out: a query that cannot run answers JSON `{ message }`, not a cut download.
 */
export async function sendCsv(reply: FastifyReply, csv: CsvExport): Promise<void> {
  const records = await startRecords(csv.records);
  const stringifier = stringify({
    header: true,
    columns: [...csv.columns],
    bom: true,
    record_delimiter: 'windows',
    // A bare LF or CR inside a cell is a line break to Excel and most readers: quote it as well as CRLF
    // (csv-stringify quotes only its own record delimiter once one is set).
    quote_record_delimiter: true,
    cast: { string: neutraliseCell },
  });
  const body = pipeline(Readable.from(records), stringifier, (error) => {
    // Headers are gone by now: the client sees a cut-off download; the log says why; the process goes on.
    if (error) logger.error({ requestId: reply.request.id }, `CSV export ${csv.filename} failed: ${error.message}`);
  });
  void reply
    .status(200)
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${csv.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(body);
}
