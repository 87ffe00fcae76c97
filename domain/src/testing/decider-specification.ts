import type { DomainEvent } from '@shop/contracts';
import { fold, type Decider } from '../shared/decider';
import { DomainError } from '../shared/domain-error';

/**
 * Given/when/then for any decider, in the spirit of Emmett's DeciderSpecification:
 * `spec(...history).when(command).then(events)` or `.thenRefused(code, message)`. Every aggregate's
 * spec uses this one, so no spec hand-rolls its own `given`.
 */
export const DeciderSpecification = {
  for<Command, State, Event extends DomainEvent>(decider: Decider<Command, State, Event>) {
    return (...history: readonly DomainEvent[]) => ({
      when(command: Command) {
        const run = () => decider.decide(command, fold(decider, history));
        return {
          /** The events decided, for a test that looks at them itself. */
          events: run,
          then: (expected: readonly DomainEvent[]) => expect(run()).toEqual(expected),
          thenNothing: () => expect(run()).toEqual([]),
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
      },
    });
  },
};
