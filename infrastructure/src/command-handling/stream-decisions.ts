import type { DomainEvent } from '@shop/contracts';
import type { Decider } from '@shop/domain';
import type { CommandStream, StreamEvents } from './handle-command';

/** One stream's part of a command whose streams each decide on their own state: which decider, which command. */
export interface StreamDecision<Command = unknown, State = unknown> {
  readonly streamId: string;
  readonly decider: Decider<Command, State>;
  readonly command: Command;
}

/**
 * The common case of handleCommand (creating a user claims the username): each stream's decider
 * decides its own command on its own state. The decider is the stream's fold, so cache entries
 * are shared with every other command on that stream.
 */
export function eachStreamDecides(decisions: readonly StreamDecision<any, any>[]): {
  streams: readonly CommandStream<any>[];
  decide: (states: readonly unknown[]) => StreamEvents;
} {
  return {
    streams: decisions.map((decision) => ({ streamId: decision.streamId, fold: decision.decider })),
    decide: (states) =>
      decisions.map((decision, index): readonly DomainEvent[] =>
        decision.decider.decide(decision.command, states[index]),
      ),
  };
}
