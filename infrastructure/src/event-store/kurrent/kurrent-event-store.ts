import {
  BACKWARDS,
  END,
  KurrentDBClient,
  START,
  StreamNotFoundError,
  excludeSystemEvents,
  type AppendStreamRequest,
} from '@kurrent/kurrentdb-client';
import { unfollowable, type AppendOptions, type AppendTicket } from '../append-ticket';
import {
  comparePositions,
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
import {
  revisionToVersion,
  toEventData,
  toStoredEvent,
  toStreamState,
  translateAppendError,
} from './kurrent-event.mapper';
import { startKurrentSubscription } from './kurrent-subscription';
import { validateAppends } from '../append-validation';

/** Event store on KurrentDB (25.1+ for appendMany, which uses multiStreamAppend). */
export class KurrentEventStore implements EventStore {
  readonly engine = 'kurrentdb';
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly client: KurrentDBClient) {}

  /** `kurrentdb://host:2113?tls=false` and the like. */
  static connect(connectionString: string): KurrentEventStore {
    return new KurrentEventStore(KurrentDBClient.connectionString(connectionString));
  }

  async append(streamId: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    validateAppends([{ streamId, events, expectedVersion }]);
    try {
      const result = await this.client.appendToStream(streamId, events.map(toEventData), {
        streamState: toStreamState(expectedVersion),
      });
      return {
        nextExpectedVersion: revisionToVersion(result.nextExpectedRevision),
        // Servers before 22.6 leave the position out; the start keeps the type honest and harmless.
        position: result.position ?? { commit: 0n, prepare: 0n },
      };
    } catch (error) {
      throw translateAppendError(error, new Map([[streamId, expectedVersion]]));
    }
  }

  /**
   * One atomic multi-stream append. KurrentDB answers with one log position for the whole write;
   * every result carries it as both commit and prepare.
   */
  async appendMany(appends: readonly StreamAppend[], options: AppendOptions = {}): Promise<AppendResult[]> {
    try {
      const results = await this.appendAfter(appends, options.after ?? []);
      options.ticket?.markWritten();
      return results;
    } catch (error) {
      options.ticket?.markRefused();
      throw error;
    }
  }

  /** Once the appends it was decided after are written: no batching here, so nothing to overlap. */
  private async appendAfter(appends: readonly StreamAppend[], after: readonly AppendTicket[]): Promise<AppendResult[]> {
    validateAppends(appends);
    const written = await Promise.all(after.map((ticket) => ticket.settled));
    if (written.includes(false)) throw unfollowable(appends);
    const requests: AppendStreamRequest[] = appends.map((append) => ({
      streamName: append.streamId,
      events: append.events.map(toEventData),
      expectedState: toStreamState(append.expectedVersion),
    }));
    try {
      const result = await this.client.multiStreamAppend(requests);
      const position = { commit: result.position, prepare: result.position };
      return appends.map((append, index) => {
        const response = result.responses[index];
        if (!response || response.streamName !== append.streamId)
          throw new Error(`multiStreamAppend answered out of order at #${index}`);
        return { nextExpectedVersion: revisionToVersion(response.revision), position };
      });
    } catch (error) {
      throw translateAppendError(error, new Map(appends.map((append) => [append.streamId, append.expectedVersion])));
    }
  }

  async readStream(streamId: string): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId)) {
        const event = toStoredEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll({ after, limit }: ReadAllOptions): Promise<StoredEvent[]> {
    const events: StoredEvent[] = [];
    if (limit === 0) return events;
    // Reading from a position includes the event at it: ask for one more and drop it.
    const reading = this.client.readAll({
      fromPosition: after ?? START,
      filter: excludeSystemEvents(),
      ...(limit === undefined ? {} : { maxCount: limit + 1 }),
    });
    for await (const resolved of reading) {
      const event = toStoredEvent(resolved);
      if (!event || (after && comparePositions(event.position, after) <= 0)) continue;
      events.push(event);
      if (limit !== undefined && events.length >= limit) break;
    }
    return events;
  }

  subscribe(options: SubscribeOptions): Subscription {
    const subscription = startKurrentSubscription(this.client, options);
    this.subscriptions.add(subscription);
    return {
      stop: async () => {
        this.subscriptions.delete(subscription);
        await subscription.stop();
      },
    };
  }

  /** $all has no uncommitted events: the newest one is the high-water mark. */
  newestCommittedPosition(): Promise<GlobalPosition | null> {
    return this.headPosition();
  }

  async headPosition(): Promise<GlobalPosition | null> {
    const reading = this.client.readAll({
      direction: BACKWARDS,
      fromPosition: END,
      maxCount: 1,
      filter: excludeSystemEvents(),
    });
    for await (const resolved of reading) {
      const event = toStoredEvent(resolved);
      if (event) return event.position;
    }
    return null;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    this.subscriptions.clear();
    await this.client.dispose();
  }
}
