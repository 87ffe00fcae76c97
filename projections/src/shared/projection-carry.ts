/**
 * What a projection may hand from one batch to the next in memory, instead of reading back rows it
 * wrote itself (the product ledger's newest row per product). The runner offers it only where it can
 * vouch for it: `previous` is what this projection left with `leave` after the batch that ended
 * exactly where this one starts, written by the same runner into the same tables; anything else (a
 * batch that failed, another writer in between) gives undefined, and the projection reads its tables.
 */
export interface ProjectionCarry {
  /** Left by the batch just before this one, or undefined: then read the tables. */
  readonly previous: unknown;
  /** The tables were empty before this batch (a rebuild's first): nothing to read back at all. */
  readonly fromEmpty: boolean;
  /** Hands `value` to the next batch, if this one is applied. */
  leave(value: unknown): void;
}

/**
 * What the batch before left, or `fromEmpty()` for a rebuild's first batch; undefined when there is
 * no carry to trust and the projection reads its tables.
 */
export function carriedState<T>(carry: ProjectionCarry | undefined, fromEmpty: () => T): T | undefined {
  if (!carry) return undefined;
  if (carry.previous !== undefined) return carry.previous as T;
  return carry.fromEmpty ? fromEmpty() : undefined;
}
