import { EVENT_CATALOGUE, MESSAGES, toDomainEvent, type DomainEvent } from '@shop/contracts';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventStore,
  type GlobalPosition,
  type StoredEvent,
} from '../../event-store';
import { conflict, fold, type CommandContext, type Decider } from '../../domain';
import { evolveAll, type StreamStateCache } from './stream-state-cache';

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
          events: append.events.map((event) => toNewEvent(event, context)),
        })),
      );
      const last = results[results.length - 1];
      return { position: last ? last.position : null, events };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw conflict(MESSAGES.concurrentChange);
      await backOff(attempt);
    }
  }
}

/**
 * One decider and command per stream, each deciding on its own stream's state. With a cache, the
 * first attempt decides on the cached state of each stream (see StreamStateCache); a refusal or a
 * no-op decided on cached state is never answered as such but decided again on the stored streams.
 */
export async function writeStreams(
  eventStore: EventStore,
  context: CommandContext,
  decisions: readonly StreamDecision<any, any>[],
  cache?: StreamStateCache,
): Promise<WriteResult> {
  if (!cache) {
    return writeAcrossStreams(
      eventStore,
      context,
      decisions.map((decision) => decision.streamId),
      (histories) =>
        decisions.map((decision, index) =>
          decision.decider.decide(decision.command, fold(decision.decider, histories[index] ?? [])),
        ),
    );
  }
  const forgetAll = () => decisions.forEach((decision) => cache.forget(decision.streamId));
  for (let attempt = 1; ; attempt++) {
    const loaded = await Promise.all(
      decisions.map(async (decision) => {
        const cached = attempt === 1 ? cache.get(decision.streamId, decision.decider) : null;
        if (cached) return { ...cached, cached: true };
        const stored = await eventStore.readStream(decision.streamId);
        return { state: fold(decision.decider, toDomainEvents(stored)), version: stored.length, cached: false };
      }),
    );
    const fromCache = loaded.some((entry) => entry.cached);
    let decided: DomainEvent[][];
    try {
      decided = decisions.map((decision, index) => decision.decider.decide(decision.command, loaded[index]!.state));
    } catch (error) {
      if (!fromCache) throw error;
      forgetAll();
      continue;
    }
    const changed = decisions
      .map((decision, index) => ({ decision, loaded: loaded[index]!, events: decided[index] ?? [] }))
      .filter((append) => append.events.length > 0);
    const events = changed.flatMap((append) => append.events);
    if (changed.length === 0) {
      if (!fromCache) return { position: null, events };
      forgetAll();
      continue;
    }
    try {
      const results = await eventStore.appendMany(
        changed.map((append) => ({
          streamId: append.decision.streamId,
          expectedVersion: append.loaded.version,
          events: append.events.map((event) => toNewEvent(event, context)),
        })),
      );
      for (const append of changed) {
        const { decider, streamId } = append.decision;
        cache.set(
          streamId,
          decider,
          evolveAll(decider, append.loaded.state, append.events),
          append.loaded.version + append.events.length,
        );
      }
      const last = results[results.length - 1];
      return { position: last ? last.position : null, events };
    } catch (error) {
      forgetAll();
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw conflict(MESSAGES.concurrentChange);
      await backOff(attempt);
    }
  }
}

function toNewEvent(event: DomainEvent, context: CommandContext) {
  return {
    type: event.type,
    schemaVersion: EVENT_CATALOGUE[event.type].version,
    data: event.data,
    metadata: { actorId: context.actorId, actorName: context.actorName, at: context.at },
  };
}

/** Jittered and growing: writers that collided do not collide again in lockstep. */
const backOff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(attempt, 10) * 2));
