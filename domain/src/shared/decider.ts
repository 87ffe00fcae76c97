import type { DomainEvent } from '@shop/contracts';

/** Emmett-style decider: pure functions, no I/O, no clock. Time and ids arrive inside commands. */
export interface Decider<Command, State, Event extends DomainEvent = DomainEvent> {
  readonly initialState: () => State;
  readonly decide: (command: Command, state: State) => Event[];
  readonly evolve: (state: State, event: DomainEvent) => State;
}

/** How a stream's state is folded from its events: a decider's read half, defined once per stream kind. */
export type StreamFold<State> = Pick<Decider<never, State>, 'initialState' | 'evolve'>;

export function fold<State>(
  decider: Pick<Decider<never, State>, 'initialState' | 'evolve'>,
  events: readonly DomainEvent[],
): State {
  return events.reduce(decider.evolve, decider.initialState());
}

export { assertNever } from '@shop/contracts';
