import type { FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Already compressed (images, videos) or streamed downloads the browser saves as they come (CSV exports). */
const NOT_COMPRESSED = /^(image\/(?!svg)|video\/|audio\/|text\/csv)/i;
/** What compression (the express middleware we had) compressed: text, JSON, JS, XML, SVG. */
const COMPRESSIBLE = /^text\/|[+/](json|javascript|xml)(;|$)/i;
/** Downloads streamed as they are produced (CSV exports, backups): sent as they come, never compressed. */
const STREAMED_DOWNLOAD = /\.csv$|^\/api\/backup(\/|$)/;

/**
 * gzip or brotli (br at quality 4, as compression >= 1.8 did) for JSON, HTML, JS and CSS above
 * 1 KB. Partial content (206) and media are left alone, so byte ranges keep meaning bytes of the
 * file. Also inflates gzip/deflate/br request bodies, as express.json did.
 */
export function responseCompression(): FastifyCompressOptions {
  return {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip', 'deflate'],
    // A function answering false still falls back to mime-db's "compressible" flag: no CSV there, see below.
    customTypes: (type: string) => !NOT_COMPRESSED.test(type) && COMPRESSIBLE.test(type),
  };
}

/**
 * mime-db calls text/csv compressible, so the routes that stream downloads opt out by name. Must be
 * installed before @fastify/compress, which reads `compress` when each route is added.
 */
export function exemptStreamedDownloads(server: FastifyInstance): void {
  server.addHook('onRoute', (route) => {
    if (STREAMED_DOWNLOAD.test(route.url ?? route.path)) (route as { compress?: boolean }).compress = false;
  });
}
