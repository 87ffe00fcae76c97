/**
 * Lost updates: a screen sends a whole value (every permission, all four contact fields) that it
 * built from what it last read. Applied as it stands, it would undo whatever another manager saved
 * since. Given what the screen read (`basedOn`), only what it changed is applied to the `current`
 * value; the rest stays as others left it.
 *
 * Plain objects are compared key by key, down to their leaves; any other value is a leaf. A leaf
 * both sides changed, to different values, is a conflict: its path is answered and nothing applied.
 */
export type ChangesApplied<T> = { readonly value: T } | { readonly conflict: readonly string[] };

type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function applyChangesSince<T>(basedOn: T, wanted: T, current: T): ChangesApplied<T> {
  return merge(basedOn, wanted, current, []) as ChangesApplied<T>;
}

function merge(basedOn: unknown, wanted: unknown, current: unknown, path: string[]): ChangesApplied<unknown> {
  if (same(basedOn, wanted)) return { value: current };
  if (isPlain(basedOn) && isPlain(wanted) && isPlain(current)) {
    const value: Plain = { ...current };
    for (const key of new Set([...Object.keys(basedOn), ...Object.keys(wanted)])) {
      const merged = merge(basedOn[key], wanted[key], current[key], [...path, key]);
      if ('conflict' in merged) return merged;
      if (merged.value === undefined) delete value[key];
      else value[key] = merged.value;
    }
    return { value };
  }
  // Changed on this screen: applied unless someone else changed it to something else meanwhile.
  if (!same(current, basedOn) && !same(current, wanted)) return { conflict: path };
  return { value: wanted };
}
