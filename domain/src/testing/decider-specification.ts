import type { DomainEvent } from '@shop/contracts';
import { fold, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

/**
 * Given/when/then for any decider, in the spirit of Emmett's DeciderSpecification:
 * `spec(...history).when(command).then(events)` or `.thenNothing()` or `.thenRefused(code, message)`,
 * `.thenThrows(ErrorClass)` for a signal that is not a refusal (the caller retries, e.g. an id taken
 * meanwhile), and `.events()` for a test that looks at the events itself. Every aggregate's spec
 * uses this one, so no spec hand-rolls its own `given`.
 *
 * `forDecision(decide)` is the same for a decision over several streams (a sale and its products, an
 * order and its items): `spec(...states)` takes the folded states `decide` is called with after the
 * command, `then` compares the whole decision and `events()` returns it.
 */
export const DeciderSpecification = {
  for<Command, State, Event extends DomainEvent>(decider: Decider<Command, State, Event>) {
    return (...history: readonly DomainEvent[]) => ({
      when(command: Command) {
        const outcome = outcomeOf<Event[], readonly DomainEvent[]>(() =>
          decider.decide(command, fold(decider, history)),
        );
        return { ...outcome, thenNothing: () => outcome.then([]) };
      },
    });
  },

  forDecision<Command, States extends unknown[], Decision>(decide: (command: Command, ...states: States) => Decision) {
    return (...states: States) => ({
      when: (command: Command) => outcomeOf(() => decide(command, ...states)),
    });
  },
};

function outcomeOf<Result, Expected = Result>(run: () => Result) {
  return {
    /** What was decided, for a test that looks at it itself. */
    events: run,
    then: (expected: Expected) => expect(run()).toEqual(expected),
    thenThrows: (errorType: new (...args: never[]) => Error) => expect(run).toThrow(errorType),
    thenRefused(code: DomainError['code'], message: string) {
      let refusal: unknown;
      try {
        run();
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(DomainError);
      expect({ code: (refusal as DomainError).code, message: (refusal as DomainError).message }).toEqual({
        code,
        message,
      });
    },
  };
}
