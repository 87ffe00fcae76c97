import { EVENT_CATALOGUE, MESSAGES, toDomainEvent, type DomainEvent } from '@shop/contracts';
import { conflict, type CommandContext } from '@shop/domain';
import {
  AppendTicket,
  WrongExpectedVersionError,
  type AppendOptions,
  type EventStore,
  type GlobalPosition,
  type StoredEvent,
} from '../event-store';
import type { StreamFold, StreamStateCache } from './stream-state-cache';
import type { Handoff, QueueTurn, StreamWriteQueue, TentativeState } from './stream-write-queue';

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
  /**
   * A stream a domain rule says is empty (the registry stream of an id that cannot be an online
   * order's number): decided on as empty at version 0 without a read, as a read of the store would
   * have found it. Unlike a cached or presumed state it is not decided again when it gets no event.
   */
  readonly knownEmpty?: boolean;
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
  const attempt = (turn?: QueueTurn) => decideAndAppend(eventStore, context, streams, decide, options.cache, turn);
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
  turn: QueueTurn | undefined,
): Promise<CommandResult<StatesOf<Streams>>> {
  const forgetAll = () => streams.forEach((stream) => cache?.forget(stream.streamId));
  for (let attempt = 1; ; attempt++) {
    // A second attempt decides on what was written: after the earlier commands, from the store.
    const tentative = attempt === 1 ? await tentativeStates(streams, turn) : (await turn?.finished(), new Map());
    const loaded = await Promise.all(
      streams.map(
        (stream) => tentative.get(stream.streamId) ?? load(eventStore, stream, attempt === 1 ? cache : undefined),
      ),
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
    const states = streams.map((stream, index) => eventsOf(index).reduce(stream.fold.evolve, loaded[index]!.state));
    let position: GlobalPosition | null;
    try {
      const ticket = new AppendTicket();
      const appended = append(
        eventStore,
        context,
        streams.map((stream, index) => ({
          streamId: stream.streamId,
          expectedVersion: loaded[index]!.version,
          events: eventsOf(index),
        })),
        { ticket, after: [...tentative.values()].map((entry) => entry.ticket) },
      );
      const written = writtenStates(streams, loaded, states, eventsOf);
      if (written.size > 0) turn?.handOff({ ticket, streams: written });
      position = await appended;
    } catch (error) {
      forgetAll();
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw conflict(MESSAGES.concurrentChange);
      await backOff(attempt);
      continue;
    }
    // Only what this append checked is cached: a stream that was only read (an order's products)
    // would come back from the cache with no event, which forces a second decision on the store.
    streams.forEach((stream, index) => {
      const events = eventsOf(index);
      if (events.length > 0)
        cache?.set(stream.streamId, stream.fold, states[index], loaded[index]!.version + events.length);
    });
    return { position, events: streams.flatMap((_, index) => eventsOf(index)), states: states as StatesOf<Streams> };
  }
}

/**
 * The states earlier queued commands' appends lead to, for the streams they write, used as cached
 * states are (a refusal or an unwritten stream is decided again on the store). None when one of
 * them was folded another way; then every earlier command has finished.
 */
async function tentativeStates(
  streams: readonly CommandStream<any>[],
  turn: QueueTurn | undefined,
): Promise<ReadonlyMap<string, LoadedStream & { readonly ticket: AppendTicket }>> {
  if (!turn) return new Map();
  const earlier = await turn.earlier();
  if (earlier.size === 0) return new Map();
  if (streams.some((stream) => earlier.has(stream.streamId) && earlier.get(stream.streamId)!.fold !== stream.fold)) {
    await turn.finished();
    return new Map();
  }
  return new Map([...earlier].map(([streamId, entry]) => [streamId, { ...entry, cached: true }]));
}

/** The states this command's append leads to, for the commands queued behind it. */
function writtenStates(
  streams: readonly CommandStream<any>[],
  loaded: readonly LoadedStream[],
  states: readonly unknown[],
  eventsOf: (index: number) => readonly DomainEvent[],
): Handoff['streams'] {
  const written = new Map<string, Omit<TentativeState, 'ticket'>>();
  streams.forEach((stream, index) => {
    const count = eventsOf(index).length;
    if (count > 0)
      written.set(stream.streamId, {
        fold: stream.fold,
        state: states[index],
        version: loaded[index]!.version + count,
      });
  });
  return written;
}

async function load(
  eventStore: EventStore,
  stream: CommandStream<any>,
  cache: StreamStateCache | undefined,
): Promise<LoadedStream> {
  if (stream.knownEmpty) return { state: stream.fold.initialState(), version: 0, cached: false };
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
  options: AppendOptions,
): Promise<GlobalPosition | null> {
  const changed = plans.filter((plan) => plan.events.length > 0);
  if (changed.length === 0) return null;
  const results = await eventStore.appendMany(
    changed.map((plan) => ({
      streamId: plan.streamId,
      expectedVersion: plan.expectedVersion,
      events: plan.events.map((event) => toNewEvent(event, context)),
    })),
    options,
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
