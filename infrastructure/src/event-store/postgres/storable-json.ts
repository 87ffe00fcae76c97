/**
 * PostgreSQL text and jsonb cannot hold NUL (U+0000) nor an unpaired UTF-16 surrogate: the jsonb
 * cast of a batch fails on either. The gateway's contracts refuse them first; this is the event
 * store's own last line of defence, so such a call fails alone, with a clear error, before it can
 * join (and break) a group-commit batch.
 */
export class UnstorableEventDataError extends RangeError {
  constructor(readonly path: string) {
    super(`Event data cannot be stored: ${path} holds a NUL character or an unpaired surrogate`);
    this.name = 'UnstorableEventDataError';
  }
}

// JSON.stringify writes NUL as \u0000 and a lone surrogate as \udXXX (never a paired one), so one
// scan of the encoded text finds both; the escape counts only when its backslash is not itself
// escaped (an even run of backslashes before it).
const UNSTORABLE_ESCAPE = /(?<!\\)(?:\\\\)*\\u(?:0000|d[89a-f][0-9a-f]{2})/;
const UNSTORABLE_CHAR = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Throws UnstorableEventDataError naming the first bad value of `value`, when `encoded` (its JSON) has one. */
export function assertStorableJson(encoded: string, value: unknown, root: string): void {
  // indexOf first: a plain substring search costs next to nothing on the normal path.
  if (!encoded.includes('\\u0000') && !encoded.includes('\\ud')) return;
  if (!UNSTORABLE_ESCAPE.test(encoded)) return;
  throw new UnstorableEventDataError(findUnstorable(value, root) ?? root);
}

/** The slow path, taken only on a hit: walks keys and values to name the field. */
function findUnstorable(value: unknown, path: string): string | null {
  if (typeof value === 'string') return UNSTORABLE_CHAR.test(value) ? path : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`;
    if (UNSTORABLE_CHAR.test(key)) return itemPath;
    const found = findUnstorable(item, itemPath);
    if (found) return found;
  }
  return null;
}
