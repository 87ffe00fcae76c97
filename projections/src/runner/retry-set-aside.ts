import type { Knex } from 'knex';
import type { EventStore, StoredEvent } from '@shop/infrastructure';
import { consoleLogger, type ProjectionLogger, type ReadModelProjection } from '../shared/projection';
import { StatementPipeline } from '../shared/projection-sql';
import { lockCheckpoint } from './checkpoint.store';
import { parseBatch } from './event-batch';
import { safeErrorMessage } from './projection-error';
import { listSetAside, markSetAsideFailed, removeSetAside, type SetAsideEvent } from './set-aside.store';

export interface RetryReport {
  /** Applied now, and removed from projection_set_aside. */
  readonly applied: readonly SetAsideEvent[];
  /** Still failing (or no longer in the event store): kept, with the latest message. */
  readonly failing: readonly { readonly event: SetAsideEvent; readonly message: string }[];
}

export interface RetryOptions {
  readonly knex: Knex;
  readonly eventStore: EventStore;
  readonly projections: readonly ReadModelProjection[];
  /** Only this projection's set-aside events; all when absent. */
  readonly projection?: string;
  readonly logger?: ProjectionLogger;
}

/**
 * Applies set-aside events again (after a fix was deployed), oldest first, each in its own
 * transaction under its projection's checkpoint lock (a running projector waits, so nothing is
 * applied twice); one that applies now leaves projection_set_aside in that same transaction.
 * Applied late, it lands after events that followed it: read models that depend on order are
 * better rebuilt (docs/operations.md, "Set-aside events").
 */
export async function retrySetAside(options: RetryOptions): Promise<RetryReport> {
  const { knex, eventStore } = options;
  const logger = options.logger ?? consoleLogger;
  const known = new Map(options.projections.map((projection) => [projection.name, projection]));
  const streams = new Map<string, Promise<StoredEvent[]>>();
  const readStream = (streamId: string) => {
    let read = streams.get(streamId);
    if (!read) streams.set(streamId, (read = eventStore.readStream(streamId)));
    return read;
  };

  const applied: SetAsideEvent[] = [];
  const failing: { event: SetAsideEvent; message: string }[] = [];
  const fail = async (event: SetAsideEvent, message: string) => {
    await markSetAsideFailed(knex, event.projection, event.position, message);
    failing.push({ event, message });
  };
  for (const event of await listSetAside(knex, options.projection)) {
    const projection = known.get(event.projection);
    if (!projection) {
      failing.push({ event, message: `no projection named ${event.projection} in this version` });
      continue;
    }
    const stored = (await readStream(event.streamId)).find((candidate) => candidate.id === event.eventId);
    if (!stored) {
      await fail(event, `event ${event.eventId} is no longer in stream ${event.streamId}`);
      continue;
    }
    const entry = parseBatch(null, [stored], logger)?.entries[0];
    if (!entry?.parsed) {
      await fail(
        event,
        entry?.error ? safeErrorMessage(entry.error) : `type ${stored.type} is unknown to this version`,
      );
      continue;
    }
    const parsed = entry.parsed;
    try {
      await knex.transaction(async (trx) => {
        await lockCheckpoint(trx, projection.name);
        const sql = new StatementPipeline(trx);
        await projection.project([parsed], sql);
        await sql.flush();
        await removeSetAside(trx, projection.name, event.position);
      });
      applied.push(event);
    } catch (error) {
      await fail(event, safeErrorMessage(error));
    }
  }
  return { applied, failing };
}
