import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Already compressed (images, videos) or streamed downloads the browser saves as they come (CSV exports). */
const NOT_COMPRESSED = /^(image\/(?!svg)|video\/|audio\/|text\/csv)/i;

/**
 * gzip or brotli (compression >= 1.8 picks br when the client accepts it) for JSON, HTML, JS and CSS.
 * Range requests and media are left alone, so byte ranges keep meaning bytes of the file.
 */
export function responseCompression(): RequestHandler {
  return compression({
    filter: (request: Request, response: Response) => {
      if (request.headers.range) return false;
      const type = String(response.getHeader('Content-Type') ?? '');
      if (NOT_COMPRESSED.test(type)) return false;
      return compression.filter(request, response);
    },
  });
}
