import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '../../event-store';
import type { CommandContext } from '../../domain';
import { READ_MODEL_SYNC, EVENT_STORE } from './tokens';
import type { ReadModelSync } from './read-model-sync';
import { writeStreams, type StreamDecision, type WriteResult } from './stream-writer';

/** What every command handler uses: decide and append, then wait until the read models show it. */
@Injectable()
export class StreamWriter {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(READ_MODEL_SYNC) private readonly sync: ReadModelSync,
  ) {}

  async write(context: CommandContext, decisions: readonly StreamDecision<any, any>[]): Promise<WriteResult> {
    const result = await writeStreams(this.eventStore, context, decisions);
    await this.sync.waitFor(result.position);
    return result;
  }
}
