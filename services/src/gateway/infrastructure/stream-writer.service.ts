import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '../../event-store';
import { fold, type CommandContext, type Decider } from '../../domain';
import { READ_MODEL_SYNC, EVENT_STORE } from './tokens';
import type { ReadModelSync } from './read-model-sync';
import {
  toDomainEvents,
  writeAcrossStreams,
  writeStreams,
  type StreamDecision,
  type StreamsWriteResult,
  type WriteResult,
} from './stream-writer';
import type { DomainEvent } from '@shop/contracts';
import { StreamStateCache } from './stream-state-cache';

/** What every command handler uses: decide and append, then wait until the read models show it. */
@Injectable()
export class StreamWriter {
  private readonly cache = new StreamStateCache();

  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODEL_SYNC) private readonly sync: ReadModelSync,
  ) {}

  async write(context: CommandContext, decisions: readonly StreamDecision<any, any>[]): Promise<StreamsWriteResult> {
    return this.visible(await writeStreams(this.eventStore, context, decisions, this.cache));
  }

  /** For commands whose rule spans streams (a sale over several products): one decide over all histories. */
  async writeAcross(
    context: CommandContext,
    streamIds: readonly string[],
    decide: (histories: DomainEvent[][]) => DomainEvent[][],
  ): Promise<WriteResult> {
    // Decided on raw histories, outside the cache: whatever it held for these streams is now behind.
    try {
      return this.visible(await writeAcrossStreams(this.eventStore, context, streamIds, decide));
    } finally {
      for (const streamId of streamIds) this.cache.forget(streamId);
    }
  }

  /** A stream's current state, for a handler that must read it before it knows which streams to write. */
  async load<State>(streamId: string, decider: Pick<Decider<never, State>, 'initialState' | 'evolve'>): Promise<State> {
    return fold(decider, toDomainEvents(await this.eventStore.readStream(streamId)));
  }

  /** Read the stored events of a stream (with their metadata), e.g. to answer a repeated command from them. */
  readStored(streamId: string) {
    return this.eventStore.readStream(streamId);
  }

  /**
   * Read-your-writes, best effort: waits (bounded) for the read models, but a write whose events are
   * stored stands whatever they do; handlers answer from their own events, never from a read model.
   */
  private async visible<Result extends WriteResult>(result: Result): Promise<Result> {
    // A read model that cannot be reached must not turn a recorded write into an error.
    await this.sync.waitFor(result.position).catch(() => undefined);
    return result;
  }
}
