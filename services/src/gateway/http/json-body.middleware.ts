import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { MESSAGES } from '@shop/contracts';

/** Deeper than any body the contracts accept; a deeper one is a probe, refused before JSON.parse runs. */
export const MAX_JSON_DEPTH = 32;

const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** One linear pass over the raw bytes (outside strings), so 10,000 levels of `[` cost microseconds. */
function nestingExceeds(body: Buffer, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < body.length; index++) {
    const byte = body[index];
    if (inString) {
      if (byte === BACKSLASH) index++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) inString = true;
    else if (byte === OPEN_BRACKET || byte === OPEN_BRACE) {
      if (++depth > limit) return true;
    } else if (byte === CLOSE_BRACKET || byte === CLOSE_BRACE) depth--;
  }
  return false;
}

class TooDeepError extends Error {
  readonly status = 400;
  readonly type = 'entity.too.deep';
}

/** JSON bodies up to 1 MB; a body that fails to parse is answered 400 `{ message }` before any route runs. */
export function jsonBody(): [RequestHandler, ErrorRequestHandler] {
  const parse = express.json({
    limit: '1mb',
    verify: (_request, _response, body) => {
      if (nestingExceeds(body, MAX_JSON_DEPTH)) throw new TooDeepError('Request body is nested too deeply');
    },
  });
  const refuse: ErrorRequestHandler = (error, _request, response, next) => {
    const status = typeof error?.status === 'number' ? error.status : 500;
    if (status >= 500) return next(error);
    const message =
      error?.type === 'entity.parse.failed'
        ? MESSAGES.invalidJson
        : error?.type === 'entity.too.large'
          ? 'Request body is too large'
          : error?.type === 'entity.too.deep'
            ? `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`
            : 'Bad request body';
    response.status(status === 403 ? 400 : status).json({ message });
  };
  return [parse, refuse];
}
