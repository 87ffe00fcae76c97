import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@shop/contracts';
import { BodyRefused } from './body-refused';

/** Deeper than any body the contracts accept; a deeper one is a probe, refused before JSON.parse runs. */
export const MAX_JSON_DEPTH = 32;
export const MAX_JSON_BYTES = 1024 * 1024;

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

/** JSON whitespace, then `{` or `[`: the body is an object or an array (a bare value is refused). */
function startsAsObjectOrArray(body: string): boolean {
  const first = /^[\x20\x09\x0a\x0d]*(.)/.exec(body)?.[1];
  return first === '{' || first === '[';
}

/**
 * JSON text is UTF-8 (RFC 8259): bytes that are not are refused, never stored as U+FFFD in place of
 * what the client meant. A leading byte order mark is skipped, as the RFC allows.
 */
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** What to do with a JSON body: an empty one is `{}`, as before; a bad one is refused with its message. */
export function parseJsonBody(raw: Buffer): unknown {
  if (raw.length === 0) return {};
  if (nestingExceeds(raw, MAX_JSON_DEPTH))
    throw new BodyRefused(400, `Request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`);
  let text: string;
  try {
    text = utf8.decode(raw);
  } catch {
    throw new BodyRefused(400, MESSAGES.invalidJson);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BodyRefused(400, MESSAGES.invalidJson);
  }
  // Valid JSON all the same (`null`, `42`, `"text"`): the body is the wrong shape, not unreadable.
  if (!startsAsObjectOrArray(text)) throw new BodyRefused(400, MESSAGES.notJsonObject);
  return value;
}

/**
 * application/json bodies up to 1 MB, parsed before any route runs (a bad one answers 400 or 413
 * `{ message }` through the error handler). Every other type is left unread: a media upload streams
 * its raw bytes from the request, and a route expecting JSON sees no body.
 */
export function installBodyParsers(server: FastifyInstance): void {
  server.removeAllContentTypeParsers();
  server.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: MAX_JSON_BYTES },
    (_request, raw, done) => {
      try {
        done(null, parseJsonBody(raw as Buffer));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  server.addContentTypeParser('*', (_request, _payload, done) => done(null));
  // A Content-Type that is not a media type at all (";;;") is an unknown type like any other, as on
  // Express: unread, so a JSON route answers 400 "must be a JSON object", not Fastify's own 415.
  server.addHook('onRequest', (request, _reply, done) => {
    const type = request.headers['content-type'];
    if (type !== undefined && !MEDIA_TYPE.test(type)) request.headers['content-type'] = 'application/octet-stream';
    done();
  });
}

/** type/subtype (RFC 9110 tokens), then anything (parameters). */
const MEDIA_TYPE = /^\s*[\w!#$%&'*+.^`|~-]+\/[\w!#$%&'*+.^`|~-]+\s*(;|$)/;
