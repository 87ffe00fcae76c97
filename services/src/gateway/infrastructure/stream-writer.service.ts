import { Inject, Injectable } from '@nestjs/common';
import type { CommandContext } from '@shop/domain';
import {
  aggregateStream,
  eachStreamDecides,
  handleCommand,
  StreamStateCache,
  StreamWriteQueue,
  type CommandResult,
  type CommandStream,
  type EventStore,
  type GlobalPosition,
  type StreamDecision,
  type StreamEvents,
} from '@shop/infrastructure';
import type { ReadYourWrites } from '../read-your-writes/answers-from-events.decorator';
import { READ_MODEL_SYNC, EVENT_STORE } from './tokens';
import type { ReadModelSync } from './read-model-sync';

/**
 * What every command handler uses: handleCommand (load, decide, append with expected versions) on
 * this gateway's event store and stream cache, then read-your-writes.
 */
@Injectable()
export class StreamWriter {
  private readonly cache = new StreamStateCache();
  private readonly queue = new StreamWriteQueue();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODEL_SYNC) private readonly sync: ReadModelSync,
  ) {}

  /** One decide over the states of all the streams; each stream's events appended atomically. */
  async handle<const Streams extends readonly CommandStream<any>[]>(
    context: CommandContext,
    streams: Streams,
    decide: Parameters<typeof handleCommand<Streams>>[3],
    readYourWrites: ReadYourWrites = 'wait',
  ) {
    const result = await handleCommand(this.eventStore, context, streams, decide, {
      cache: this.cache,
      queue: this.queue,
    });
    await this.visible(result.position, readYourWrites);
    return result;
  }

  /** handle() where each stream's decider decides its own command. */
  async write(
    context: CommandContext,
    decisions: readonly StreamDecision<any, any>[],
    readYourWrites: ReadYourWrites = 'wait',
  ): Promise<CommandResult> {
    const { streams, decide } = eachStreamDecides(decisions);
    return this.handle(context, streams, decide as (states: readonly unknown[]) => StreamEvents, readYourWrites);
  }

  /** A stream's current state, for a handler that must read it to learn which streams a command touches. */
  load<State>(stream: CommandStream<State>): Promise<State> {
    return aggregateStream(this.eventStore, stream);
  }

  /** The stored events of a stream (with their metadata), e.g. to answer a repeated command from them. */
  readStored(streamId: string) {
    return this.eventStore.readStream(streamId);
  }

  /**
   * Read-your-writes, best effort: 'wait' waits (bounded) for the read models; 'answer' answers at
   * once, and the session's later requests wait for the store's newest committed position, which is
   * at or past this write (see SessionGuard and ReadFreshness). A write whose events are stored stands
   * whatever the read models do.
   */
  private async visible(position: GlobalPosition | null, readYourWrites: ReadYourWrites): Promise<void> {
    if (!position || readYourWrites === 'answer') return;
    // A read model that cannot be reached must not turn a recorded write into an error.
    await this.sync.waitFor(position).catch(() => false);
  }
}
