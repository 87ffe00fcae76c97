import { EVENT_CATALOGUE, MESSAGES, toDomainEvent, type DomainEvent } from '@shop/contracts';
import { conflict, type CommandContext } from '@shop/domain';
import { WrongExpectedVersionError, type EventStore, type GlobalPosition, type StoredEvent } from '../event-store';
import type { StreamFold, StreamStateCache } from './stream-state-cache';
import type { StreamWriteQueue } from './stream-write-queue';

/**
 * One stream a command reads (and may write): its id and how its state is folded (a decider, or
 * any `{ initialState, evolve }` defined once: the cache knows a fold by its identity).
 */
export interface CommandStream<State = unknown> {
  readonly streamId: string;
  readonly fold: StreamFold<State>;
  /**
   * A stream nearly every command on it creates (a new sale's own stream): with a cache, the first
   * attempt decides on it as empty at version 0 without reading it, as on a cached state. When it
   * exists after all (a repeated post), the append's version check fails and the command is decided
   * again on the stored stream. Never for a stream whose empty state refuses (a product).
   */
  readonly presumedNew?: boolean;
}

type StateOf<Stream> = Stream extends CommandStream<infer State> ? State : never;

/** The states decide() gets: a tuple for a tuple of streams (`[order, ...products] as const`). */
export type StatesOf<Streams extends readonly CommandStream<any>[]> = {
  -readonly [Index in keyof Streams]: StateOf<Streams[Index]>;
};

/** The new events of each stream, in the order of the streams; a missing entry writes nothing. */
export type StreamEvents = readonly (readonly DomainEvent[] | undefined)[];

export interface CommandResult<States extends readonly unknown[] = readonly unknown[]> {
  /** Position of the last event written, or null when the command changed nothing. */
  readonly position: GlobalPosition | null;
  readonly events: readonly DomainEvent[];
  /** Each stream's state after the write, in stream order: what a handler answers from. */
  readonly states: States;
}

export interface HandleCommandOptions {
  /** Folded states of recently written streams (a hint: every append still checks the version). */
  readonly cache?: StreamStateCache;
  /** Runs this process's commands on a common stream one after another (no in-process conflicts). */
  readonly queue?: StreamWriteQueue;
}

const MAX_ATTEMPTS = 30;

export function toDomainEvents(stored: readonly StoredEvent[]): DomainEvent[] {
  return stored.flatMap((event) => {
    const domainEvent = toDomainEvent(event.type, event.schemaVersion, event.data);
    return domainEvent ? [domainEvent] : [];
  });
}

/** A stream's current state, for a handler that must read it to learn which streams a command touches. */
export async function aggregateStream<State>(eventStore: EventStore, stream: CommandStream<State>): Promise<State> {
  return toDomainEvents(await eventStore.readStream(stream.streamId)).reduce(
    stream.fold.evolve,
    stream.fold.initialState(),
  );
}

interface LoadedStream {
  readonly state: unknown;
  readonly version: number;
  readonly cached: boolean;
}

/**
 * The one way a command is handled (Emmett's CommandHandler, over several streams): load each
 * stream and fold it, decide once over all the states, append every stream's new events in one
 * atomic append, each expecting the version it was decided on. On a version conflict (a concurrent
 * writer) it waits a little and decides again on what was really committed, so a rule such as
 * "stock never below zero" always holds.
 *
 * With a cache, the first attempt may decide on cached states. A refusal, or a stream read from the
 * cache that gets no new event (an append would not check its version), is never answered as such:
 * the command is decided again on the stored streams. With a queue, commands of this process on a
 * common stream wait for each other instead of colliding.
 */
export function handleCommand<const Streams extends readonly CommandStream<any>[]>(
  eventStore: EventStore,
  context: CommandContext,
  streams: Streams,
  decide: (states: StatesOf<Streams>) => StreamEvents,
  options: HandleCommandOptions = {},
): Promise<CommandResult<StatesOf<Streams>>> {
  const attempt = () => decideAndAppend(eventStore, context, streams, decide, options.cache);
  if (!options.queue) return attempt();
  return options.queue.run(
    streams.map((stream) => stream.streamId),
    attempt,
  );
}

async function decideAndAppend<const Streams extends readonly CommandStream<any>[]>(
  eventStore: EventStore,
  context: CommandContext,
  streams: Streams,
  decide: (states: StatesOf<Streams>) => StreamEvents,
  cache: StreamStateCache | undefined,
): Promise<CommandResult<StatesOf<Streams>>> {
  const forgetAll = () => streams.forEach((stream) => cache?.forget(stream.streamId));
  for (let attempt = 1; ; attempt++) {
    const loaded = await Promise.all(
      streams.map((stream) => load(eventStore, stream, attempt === 1 ? cache : undefined)),
    );
    const fromCache = loaded.some((entry) => entry.cached);
    let decided: StreamEvents;
    try {
      decided = decide(loaded.map((entry) => entry.state) as StatesOf<Streams>);
    } catch (error) {
      if (!fromCache) throw error;
      forgetAll();
      continue;
    }
    const eventsOf = (index: number) => decided[index] ?? [];
    if (fromCache && loaded.some((entry, index) => entry.cached && eventsOf(index).length === 0)) {
      forgetAll();
      continue;
    }
    let position: GlobalPosition | null;
    try {
      position = await append(
        eventStore,
        context,
        streams.map((stream, index) => ({
          streamId: stream.streamId,
          expectedVersion: loaded[index]!.version,
          events: eventsOf(index),
        })),
      );
    } catch (error) {
      forgetAll();
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw conflict(MESSAGES.concurrentChange);
      await backOff(attempt);
      continue;
    }
    const states = streams.map((stream, index) => {
      const events = eventsOf(index);
      if (events.length === 0) return loaded[index]!.state;
      // Only what this append checked is cached: a stream that was only read (an order's products)
      // would come back from the cache with no event, which forces a second decision on the store.
      const state = events.reduce(stream.fold.evolve, loaded[index]!.state);
      cache?.set(stream.streamId, stream.fold, state, loaded[index]!.version + events.length);
      return state;
    });
    return { position, events: streams.flatMap((_, index) => eventsOf(index)), states: states as StatesOf<Streams> };
  }
}

async function load(
  eventStore: EventStore,
  stream: CommandStream<any>,
  cache: StreamStateCache | undefined,
): Promise<LoadedStream> {
  const cached = cache?.get(stream.streamId, stream.fold);
  if (cached) return { ...cached, cached: true };
  if (cache && stream.presumedNew) return { state: stream.fold.initialState(), version: 0, cached: true };
  const stored = await eventStore.readStream(stream.streamId);
  return {
    state: toDomainEvents(stored).reduce(stream.fold.evolve, stream.fold.initialState()),
    version: stored.length,
    cached: false,
  };
}

/** Appends the streams that got events, all or nothing; null when nothing changed. */
async function append(
  eventStore: EventStore,
  context: CommandContext,
  plans: readonly { streamId: string; expectedVersion: number; events: readonly DomainEvent[] }[],
): Promise<GlobalPosition | null> {
  const changed = plans.filter((plan) => plan.events.length > 0);
  if (changed.length === 0) return null;
  const results = await eventStore.appendMany(
    changed.map((plan) => ({
      streamId: plan.streamId,
      expectedVersion: plan.expectedVersion,
      events: plan.events.map((event) => toNewEvent(event, context)),
    })),
  );
  return results.at(-1)?.position ?? null;
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
