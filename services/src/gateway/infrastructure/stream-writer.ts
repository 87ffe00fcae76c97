import { EVENT_CATALOGUE, MESSAGES, toDomainEvent, type DomainEvent } from '@shop/contracts';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventStore,
  type GlobalPosition,
  type StoredEvent,
} from '../../event-store';
import { conflict, fold, type CommandContext, type Decider } from '../../domain';
import type { StreamStateCache } from './stream-state-cache';

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

export interface StreamsWriteResult extends WriteResult {
  /** Each decision's stream state after the write, in decision order: what a handler answers from. */
  readonly states: readonly unknown[];
}

/** What one stream gets from a decision: its new events, appended expecting `expectedVersion`. */
interface StreamAppendPlan {
  readonly streamId: string;
  readonly expectedVersion: number;
  readonly events: readonly DomainEvent[];
}

/**
 * Appends the plans that carry events, all or nothing, each expecting its version. On a version
 * conflict (a concurrent writer) it waits a little and answers null: load and decide again, so the
 * rule (e.g. stock never below zero) is checked against what was really committed.
 */
async function appendDecided(
  eventStore: EventStore,
  context: CommandContext,
  plans: readonly StreamAppendPlan[],
  attempt: number,
): Promise<WriteResult | null> {
  const changed = plans.filter((plan) => plan.events.length > 0);
  const events = changed.flatMap((plan) => plan.events);
  if (changed.length === 0) return { position: null, events };
  try {
    const results: AppendResult[] = await eventStore.appendMany(
      changed.map((plan) => ({
        streamId: plan.streamId,
        expectedVersion: plan.expectedVersion,
        events: plan.events.map((event) => toNewEvent(event, context)),
      })),
    );
    return { position: results.at(-1)?.position ?? null, events };
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
    if (attempt >= MAX_ATTEMPTS) throw conflict(MESSAGES.concurrentChange);
    await backOff(attempt);
    return null;
  }
}

/** For commands whose rule spans streams (a sale over several products): one decide over all histories. */
export async function writeAcrossStreams(
  eventStore: EventStore,
  context: CommandContext,
  streamIds: readonly string[],
  decide: (histories: DomainEvent[][]) => DomainEvent[][],
): Promise<WriteResult> {
  for (let attempt = 1; ; attempt++) {
    const loaded = await Promise.all(streamIds.map((streamId) => eventStore.readStream(streamId)));
    const decided = decide(loaded.map(toDomainEvents));
    const plans = streamIds.map((streamId, index) => ({
      streamId,
      expectedVersion: loaded[index]!.length,
      events: decided[index] ?? [],
    }));
    const written = await appendDecided(eventStore, context, plans, attempt);
    if (written) return written;
  }
}

/**
 * One decider and command per stream, each deciding on its own stream's state. The first attempt
 * decides on the cached state of each stream (see StreamStateCache); a refusal or a no-op decided on
 * cached state is never answered as such but decided again on the stored streams.
 */
export async function writeStreams(
  eventStore: EventStore,
  context: CommandContext,
  decisions: readonly StreamDecision<any, any>[],
  cache: StreamStateCache,
): Promise<StreamsWriteResult> {
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
    let plans: StreamAppendPlan[];
    try {
      plans = decisions.map((decision, index) => ({
        streamId: decision.streamId,
        expectedVersion: loaded[index]!.version,
        events: decision.decider.decide(decision.command, loaded[index]!.state),
      }));
    } catch (error) {
      if (!fromCache) throw error;
      forgetAll();
      continue;
    }
    if (fromCache && plans.every((plan) => plan.events.length === 0)) {
      forgetAll();
      continue;
    }
    let written: WriteResult | null;
    try {
      written = await appendDecided(eventStore, context, plans, attempt);
    } catch (error) {
      forgetAll();
      throw error;
    }
    if (!written) {
      forgetAll();
      continue;
    }
    const states = decisions.map((decision, index) => {
      const { events } = plans[index]!;
      if (events.length === 0) return loaded[index]!.state;
      const state = events.reduce(decision.decider.evolve, loaded[index]!.state);
      cache.set(decision.streamId, decision.decider, state, loaded[index]!.version + events.length);
      return state;
    });
    return { ...written, states };
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
