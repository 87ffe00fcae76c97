import { EVENT_CATALOGUE, MESSAGES, toDomainEvent, type DomainEvent } from '@shop/contracts';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventStore,
  type GlobalPosition,
  type StoredEvent,
} from '../../event-store';
import { conflict, fold, type CommandContext, type Decider } from '../../domain';

/** One stream's part of a command: which decider, which command. */
export interface StreamDecision<Command = unknown, State = unknown> {
  readonly streamId: string;
  readonly decider: Decider<Command, State>;
  readonly command: Command;
}

export interface WriteResult {
  /** Position of the last event written, or null when the command changed nothing. */
  readonly position: GlobalPosition | null;
  readonly events: readonly DomainEvent[];
}

const MAX_ATTEMPTS = 30;

export function toDomainEvents(stored: readonly StoredEvent[]): DomainEvent[] {
  return stored.flatMap((event) => {
    const domainEvent = toDomainEvent(event.type, event.schemaVersion, event.data);
    return domainEvent ? [domainEvent] : [];
  });
}

/**
 * The core of every command: load the streams, let `decide` turn their histories into new events
 * per stream, append all-or-nothing with each stream's expected version. A concurrent writer makes
 * the append fail with a version conflict: reload and decide again, so the rule (e.g. stock never
 * below zero) is checked against what was really committed.
 */
export async function writeAcrossStreams(
  eventStore: EventStore,
  context: CommandContext,
  streamIds: readonly string[],
  decide: (histories: DomainEvent[][]) => DomainEvent[][],
): Promise<WriteResult> {
  for (let attempt = 1; ; attempt++) {
    const loaded = await Promise.all(streamIds.map((streamId) => eventStore.readStream(streamId)));
    const decided = decide(loaded.map(toDomainEvents));
    const changed = streamIds
      .map((streamId, index) => ({ streamId, expectedVersion: loaded[index]!.length, events: decided[index] ?? [] }))
      .filter((append) => append.events.length > 0);
    const events = changed.flatMap((append) => append.events);
    if (changed.length === 0) return { position: null, events };
    try {
      const results: AppendResult[] = await eventStore.appendMany(
        changed.map((append) => ({
          streamId: append.streamId,
          expectedVersion: append.expectedVersion,
          events: append.events.map((event) => ({
            type: event.type,
            schemaVersion: EVENT_CATALOGUE[event.type].version,
            data: event.data,
            metadata: { actorId: context.actorId, actorName: context.actorName, at: context.at },
          })),
        })),
      );
      const last = results[results.length - 1];
      return { position: last ? last.position : null, events };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw conflict(MESSAGES.concurrentChange);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(attempt, 10) * 2));
    }
  }
}

/** One decider and command per stream, each deciding on its own stream's state. */
export function writeStreams(
  eventStore: EventStore,
  context: CommandContext,
  decisions: readonly StreamDecision<any, any>[],
): Promise<WriteResult> {
  return writeAcrossStreams(
    eventStore,
    context,
    decisions.map((decision) => decision.streamId),
    (histories) =>
      decisions.map((decision, index) => decision.decider.decide(decision.command, fold(decision.decider, histories[index] ?? []))),
  );
}
