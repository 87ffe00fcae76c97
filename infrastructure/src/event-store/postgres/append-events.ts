import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  comparePositions,
  WrongExpectedVersionError,
  type AppendResult,
  type GlobalPosition,
  type NewEvent,
  type StreamAppend,
} from '../event-store.port';
import type { PendingCall } from './group-commit';
import { validateAppends } from '../append-validation';
import { assertStorableJson } from './storable-json';

/** A call the database refused for a reason other than its expected version. */
export class AppendFailedError extends Error {
  constructor(
    message: string,
    readonly sqlState: string,
  ) {
    super(message);
    this.name = 'AppendFailedError';
  }
}

export type AppendOutcome =
  | { readonly ok: true; readonly streams: readonly { readonly version: number; readonly position: string }[] }
  | { readonly ok: false; readonly conflict: { readonly streamIndex: number; readonly actualVersion: number | null } }
  | { readonly ok: false; readonly error: string; readonly code: string };

interface BatchAnswer {
  readonly transactionId: string | null;
  readonly outcomes: readonly AppendOutcome[];
}

/**
 * Checks a call and serialises it for `append_events_batch`. Done up front and per call, so data
 * that cannot become JSON fails its own caller and never the batch it would have joined.
 */
export function encodeAppendCall(appends: readonly StreamAppend[]): string {
  validateAppends(appends);
  const call = appends.map(({ streamId, events, expectedVersion }) => ({
    streamId,
    expectedVersion: String(expectedVersion),
    events: events.map(encodeEvent),
  }));
  const encoded = JSON.stringify(call);
  assertStorableJson(encoded, call, 'append');
  return encoded;
}

function encodeEvent(event: NewEvent) {
  return {
    id: event.id ?? randomUUID(),
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: event.data ?? null,
    metadata: event.metadata,
  };
}

/**
 * 'batch': fast, all or nothing on errors other than expected versions; 'isolated': each call in its
 * own savepoint. See append-functions.sql.ts.
 */
export type AppendMode = 'batch' | 'isolated';

const appendFunctions: Record<AppendMode, string> = {
  batch: 'select append_events_batch(?::jsonb) as answer',
  isolated: 'select append_events_isolated(?::jsonb) as answer',
};

/**
 * Writes encoded calls together and settles each: the set-based batch first; when it fails whole,
 * each call in its own savepoint; when even that statement fails (e.g. the jsonb cast of the input
 * itself), each call alone in its own statement, so a call the database refuses fails only its caller.
 * The fallbacks cost nothing until a batch fails.
 */
export async function writeCalls(
  knex: Knex,
  calls: readonly PendingCall[],
  onBatchRerun?: (error: unknown) => void,
): Promise<GlobalPosition | undefined> {
  const encoded = calls.map((call) => call.encoded);
  try {
    return settleCalls(calls, await runAppendBatch(knex, encoded, calls.length === 1 ? 'isolated' : 'batch'));
  } catch (error) {
    if (calls.length === 1) throw error;
    onBatchRerun?.(error);
  }
  try {
    return settleCalls(calls, await runAppendBatch(knex, encoded, 'isolated'));
  } catch {
    let highest: GlobalPosition | undefined;
    for (const call of calls) {
      try {
        highest = later(highest, settleCalls([call], await runAppendBatch(knex, [call.encoded], 'isolated')));
      } catch (error) {
        call.reject(error);
      }
    }
    return highest;
  }
}

/** Resolves or rejects each call by its outcome; answers the highest position written. */
function settleCalls(calls: readonly PendingCall[], answer: BatchAnswer): GlobalPosition | undefined {
  let highest: GlobalPosition | undefined;
  calls.forEach((call, index) => {
    const settled = settleOutcome(answer.outcomes[index]!, call.appends, answer.transactionId);
    if (settled instanceof Error) return call.reject(settled);
    for (const result of settled) highest = later(highest, result.position);
    call.resolve(settled);
  });
  return highest;
}

const later = (a: GlobalPosition | undefined, b: GlobalPosition | undefined) =>
  !a || (b && comparePositions(b, a) > 0) ? b : a;

/** Writes encoded calls in one statement: in `runner`'s transaction, or a transaction of its own. */
export async function runAppendBatch(
  runner: Knex | Knex.Transaction,
  encodedCalls: readonly string[],
  mode: AppendMode,
): Promise<BatchAnswer> {
  const { rows } = await runner.raw<{ rows: { answer: BatchAnswer }[] }>(appendFunctions[mode], [
    `[${encodedCalls.join(',')}]`,
  ]);
  const answer = rows[0]?.answer;
  if (!answer || answer.outcomes.length !== encodedCalls.length)
    throw new Error('append_events_batch answered unexpectedly');
  return answer;
}

export function settleOutcome(
  outcome: AppendOutcome,
  appends: readonly StreamAppend[],
  transactionId: string | null,
): AppendResult[] | Error {
  if ('conflict' in outcome) {
    const failed = appends[outcome.conflict.streamIndex];
    if (!failed) return new Error(`Conflict reported for unknown stream #${outcome.conflict.streamIndex}`);
    return new WrongExpectedVersionError(failed.streamId, failed.expectedVersion, outcome.conflict.actualVersion);
  }
  if (!outcome.ok) return new AppendFailedError(outcome.error, outcome.code);
  if (transactionId === null) return new Error('Events were written without a transaction id');
  const commit = BigInt(transactionId);
  return outcome.streams.map(({ version, position }) => ({
    nextExpectedVersion: version,
    position: { commit, prepare: BigInt(position) },
  }));
}

/**
 * Appends inside a transaction the caller owns (to write events together with other rows). The
 * events become visible when that transaction commits; call the store's `notifyAppended()` then.
 * A rejected append leaves the caller's transaction usable (it ran in a savepoint).
 */
export async function appendInTransaction(
  trx: Knex.Transaction,
  appends: readonly StreamAppend[],
): Promise<AppendResult[]> {
  const answer = await runAppendBatch(trx, [encodeAppendCall(appends)], 'isolated');
  const [outcome] = answer.outcomes;
  if (!outcome) throw new Error('append_events_batch returned no outcome');
  const settled = settleOutcome(outcome, appends, answer.transactionId);
  if (settled instanceof Error) throw settled;
  return settled;
}
