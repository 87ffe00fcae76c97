import { Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';

const logger = new Logger('JsonArrayResponse');

/** The JSON text of the array, a page at a time; the first page is read before anything is returned. */
async function arrayText(pages: AsyncIterable<readonly unknown[]>): Promise<AsyncIterable<string>> {
  const iterator = pages[Symbol.asyncIterator]();
  const first = await iterator.next();
  return (async function* () {
    let written = 0;
    for (let page = first; !page.done; page = await iterator.next()) {
      if (page.value.length === 0) continue;
      const items = page.value.map((item) => JSON.stringify(item)).join(',');
      yield `${written === 0 ? '[' : ','}${items}`;
      written += page.value.length;
    }
    yield written === 0 ? '[]' : ']';
  })();
}

/**
 * A JSON array answered page by page with backpressure: a list of any length costs the gateway one
 * page of memory, not the whole list at once (a long-lived shop's every movement would otherwise be
 * built as one string while other requests wait). The first page is read before the headers go out,
 * so a query that cannot run answers JSON `{ message }`; a failure later cuts the body, and the log says why.
 */
export async function sendJsonArray(reply: FastifyReply, pages: AsyncIterable<readonly unknown[]>): Promise<void> {
  const text = await arrayText(pages);
  const body = Readable.from(text);
  body.once('error', (error) =>
    logger.error({ requestId: reply.request.id }, `JSON list ${reply.request.url} failed: ${error.message}`),
  );
  void reply.status(200).header('Content-Type', 'application/json; charset=utf-8').send(body);
}
