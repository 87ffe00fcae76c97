import type { Knex } from 'knex';
import {
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type ReadAllOptions,
  type StoredEvent,
  type StreamAppend,
  type SubscribeOptions,
  type Subscription,
} from '../event-store.port';
import type { AppendOptions } from '../append-ticket';
import { BatchedLookup } from './batched-lookup';
import { encodeAppendCall, writeCalls } from './append-events';
import { listenForAppends, signalAppended } from './append-signal';
import { GroupCommit, type PendingCall } from './group-commit';
import { migrateEventStoreSchema } from './postgres-event-store.schema';
import { startPollingSubscription } from './polling-subscription';
import { positionColumns, storedEventColumns, toStoredEvent, type StoredEventRow } from './stored-event.row';

export interface PostgresEventStoreOptions {
  /** Calls written together in one transaction at most. */
  readonly maxCallsPerBatch?: number;
  readonly maxEventsPerBatch?: number;
  /** Told when a batch's fast path failed and the batch was rerun call by call (worth a log line). */
  readonly onBatchRerun?: (error: unknown) => void;
}

// Only events of transactions older than every running one are settled: nothing can still commit
// before them. xids are cluster-wide, so a writer holding a transaction open anywhere on the server
// (any database) delays readers, never writers; read-only transactions have no xid and do not count.
const settledOnly = 'transaction_id < pg_snapshot_xmin(pg_current_snapshot())';

/**
 * Event store on PostgreSQL or PGlite. Owns its tables (created by `open`), not the knex: closing
 * the store stops its subscriptions and waits for pending appends; the database stays open.
 * Appends go through group commit: one write transaction in flight per store.
 */
export class PostgresEventStore implements EventStore {
  readonly engine = 'postgres';
  private readonly groupCommit: GroupCommit;
  /** Commands load their streams concurrently: read them together (see BatchedLookup). */
  private readonly streamReads: BatchedLookup<string, readonly StoredEvent[]>;
  private readonly subscriptions = new Set<Subscription>();
  private closed = false;

  private constructor(
    private readonly knex: Knex,
    private readonly options: PostgresEventStoreOptions,
  ) {
    this.groupCommit = new GroupCommit({
      writeBatch: (calls) => this.writeBatch(calls),
      maxCallsPerBatch: options.maxCallsPerBatch ?? 200,
      maxEventsPerBatch: options.maxEventsPerBatch ?? 5_000,
    });
    this.streamReads = new BatchedLookup<string, readonly StoredEvent[]>((streamIds) => this.readStreams(streamIds));
  }

  static async open(knex: Knex, options: PostgresEventStoreOptions = {}): Promise<PostgresEventStore> {
    await migrateEventStoreSchema(knex);
    return new PostgresEventStore(knex, options);
  }

  async append(streamId: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    const [result] = await this.appendMany([{ streamId, events, expectedVersion }]);
    if (!result) throw new Error('append returned no result');
    return result;
  }

  async appendMany(appends: readonly StreamAppend[], options: AppendOptions = {}): Promise<AppendResult[]> {
    let encoded: string;
    try {
      if (this.closed) throw new Error('The event store is closed');
      encoded = encodeAppendCall(appends);
    } catch (error) {
      options.ticket?.markRefused();
      throw error;
    }
    return this.groupCommit.submit(appends, encoded, options.ticket, options.after);
  }

  /** Wakes this process's subscribers on the same database; appends through this store call it themselves. */
  notifyAppended(): void {
    signalAppended(this.knex);
  }

  async readStream(streamId: string): Promise<StoredEvent[]> {
    // A copy per caller: two commands on one stream may share a query.
    return [...((await this.streamReads.load(streamId)) ?? [])];
  }

  private async readStreams(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>> {
    const rows = await this.knex
      .select<StoredEventRow[]>(this.knex.raw(storedEventColumns))
      .from('events')
      .whereIn('stream_id', streamIds)
      .orderBy([{ column: 'stream_id' }, { column: 'stream_version' }]);
    const streams = new Map<string, StoredEvent[]>();
    for (const row of rows) {
      let events = streams.get(row.stream_id);
      if (!events) streams.set(row.stream_id, (events = []));
      events.push(toStoredEvent(row));
    }
    return streams;
  }

  async readAll({ after, limit }: ReadAllOptions): Promise<StoredEvent[]> {
    const query = this.knex
      .select<StoredEventRow[]>(this.knex.raw(storedEventColumns))
      .from('events')
      .whereRaw(settledOnly)
      .orderBy([{ column: 'transaction_id' }, { column: 'global_position' }]);
    if (after) {
      query.whereRaw('(transaction_id, global_position) > (?::text::xid8, ?::bigint)', [
        after.commit.toString(),
        after.prepare.toString(),
      ]);
    }
    if (limit !== undefined) query.limit(limit);
    return (await query).map(toStoredEvent);
  }

  subscribe(options: SubscribeOptions): Subscription {
    if (this.closed) throw new Error('The event store is closed');
    const subscription = startPollingSubscription(
      {
        readAll: (read) => this.readAll(read),
        listen: (waker) => listenForAppends(this.knex, waker),
      },
      options,
    );
    this.subscriptions.add(subscription);
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  headPosition(): Promise<GlobalPosition | null> {
    return this.newestPosition(true);
  }

  /** headPosition without the settled filter: every event this statement's snapshot sees is committed. */
  newestCommittedPosition(): Promise<GlobalPosition | null> {
    return this.newestPosition(false);
  }

  private async newestPosition(settled: boolean): Promise<GlobalPosition | null> {
    const query = this.knex
      .select<Pick<StoredEventRow, 'commit_position' | 'prepare_position'>>(this.knex.raw(positionColumns))
      .from('events');
    if (settled) query.whereRaw(settledOnly);
    const row = await query
      .orderBy([
        { column: 'transaction_id', order: 'desc' },
        { column: 'global_position', order: 'desc' },
      ])
      .first();
    return row ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) } : null;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.subscriptions.clear();
    await this.groupCommit.idle();
  }

  private async writeBatch(calls: readonly PendingCall[]): Promise<void> {
    // See writeCalls: a batch that fails is rerun so that only the call at fault fails.
    const highest = await writeCalls(this.knex, calls, this.options.onBatchRerun);
    if (highest) signalAppended(this.knex, highest);
  }
}
