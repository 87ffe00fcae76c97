import { Logger } from '@nestjs/common';
import { stringify } from 'csv-stringify';
import type { Response } from 'express';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { neutraliseCell } from './csv-cell';

/** A CSV download: its file name and its records, produced lazily page by page. */
export interface CsvExport {
  readonly filename: string;
  readonly columns: readonly string[];
  readonly records: AsyncIterable<readonly string[]>;
}

const logger = new Logger('CsvExport');

/**
 * Streams an export: records flow from the database pages through csv-stringify into the response
 * with backpressure, so memory stays flat whatever the size. UTF-8 with a BOM, which Excel needs to
 * read the naira sign and accented names; CRLF line ends as RFC 4180 asks.
 */
export async function sendCsv(response: Response, csv: CsvExport): Promise<void> {
  response.status(200);
  response.setHeader('Content-Type', 'text/csv; charset=utf-8');
  response.setHeader('Content-Disposition', `attachment; filename="${csv.filename}"`);
  response.setHeader('Cache-Control', 'no-store');
  const stringifier = stringify({
    header: true,
    columns: [...csv.columns],
    bom: true,
    record_delimiter: 'windows',
    cast: { string: neutraliseCell },
  });
  try {
    await pipeline(Readable.from(csv.records), stringifier, response);
  } catch (error) {
    // Headers are gone by now: the client sees a cut-off download; the log says why.
    logger.error(`CSV export ${csv.filename} failed: ${error instanceof Error ? error.message : String(error)}`);
    response.destroy();
  }
}
