import type { FastifyInstance } from 'fastify';
import { isStorableText, unstorableTextMessage } from '@shop/contracts';
import { MALFORMED_ADDRESS } from './router-errors';

/** Names a form shows differently from its field's key. */
const LABELS: Readonly<Record<string, string>> = { q: 'Search text' };

/** "customerName" → "Customer name": the field as a form labels it. */
const label = (key: string) => {
  if (Object.hasOwn(LABELS, key)) return LABELS[key]!;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * The first string or key in a parsed body or query that PostgreSQL could not store, as a message
 * naming where it is; null when all is storable. Depth is bounded by the JSON body's nesting limit.
 */
function findUnstorable(value: unknown, path: readonly string[]): string | null {
  const name = () => (path.length === 1 ? label(path[0]!) : path.length ? path.join('.') : 'The request body');
  if (typeof value === 'string') return isStorableText(value) ? null : unstorableTextMessage(name());
  if (value === null || typeof value !== 'object') return null;
  for (const [key, child] of Object.entries(value)) {
    if (!isStorableText(key)) return unstorableTextMessage(path.length ? `A field name in ${name()}` : 'A field name');
    const found = findUnstorable(child, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** The first problem in the address's path segments, or null. */
function unstorablePath(url: string): string | null {
  const end = url.indexOf('?');
  for (const segment of (end === -1 ? url : url.slice(0, end)).split('/')) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      return MALFORMED_ADDRESS;
    }
    if (!isStorableText(decoded)) return unstorableTextMessage('The address');
  }
  return null;
}

/**
 * Gateway-wide safety net behind the contracts' own text rules: a NUL or an unpaired surrogate in a
 * path segment, a query value or anywhere in a JSON body (values and keys) is answered 400 before
 * any route (or the not-found answer) runs, so no schema that forgets a field can let it reach the
 * event store.
 */
export function installStorableInputCheck(server: FastifyInstance): void {
  server.addHook('preHandler', (request, reply, done) => {
    const message =
      unstorablePath(request.url) ?? findUnstorable(request.query, []) ?? findUnstorable(request.body, []);
    if (message) {
      void reply.status(400).send({ message });
      return;
    }
    done();
  });
}
