/**
 * Rows per insert statement for the tables that get a row per event. A rebuild batch holds tens of
 * thousands of events, and one jsonb parameter for all their rows weighs megabytes: the embedded
 * server's socket glues an incoming message together with one copy per 64 KB received, so its cost
 * grows with the square of the message size (~2 s of a 100k-event rebuild on PGlite, measured).
 * A few thousand rows keep a message near 1-2 MB, and the per-statement overhead stays negligible.
 * Live batches are smaller than this and still take one statement.
 */
export const ROWS_PER_STATEMENT = 2_000;

/** Writes `rows` with `write`, ROWS_PER_STATEMENT at a time, in order. */
export async function inChunks<T>(
  rows: readonly T[],
  write: (chunk: readonly T[]) => PromiseLike<unknown>,
  size = ROWS_PER_STATEMENT,
): Promise<void> {
  for (let start = 0; start < rows.length; start += size) await write(rows.slice(start, start + size));
}
