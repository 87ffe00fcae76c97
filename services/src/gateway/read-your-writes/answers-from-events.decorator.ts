import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { sessionDigestOf } from './request-session';

export const ANSWERS_FROM_EVENTS = 'shop:answers-from-events';

/**
 * A write route that decides on the event streams alone and answers from its own events: it does
 * not wait for the read models, before or after. The session's later requests wait for the read
 * models to reach the store's newest committed position instead (see ReadFreshness), so they see it.
 */
export const AnswersFromEvents = () => SetMetadata(ANSWERS_FROM_EVENTS, true);

/**
 * How a write makes itself visible to its session: wait for every read model before answering, or
 * answer at once, leaving it to the session's next request to wait (see SessionGuard and ReadFreshness).
 */
export type ReadYourWrites = 'wait' | 'answer';

/** The ReadYourWrites of an @AnswersFromEvents route: 'answer' in a session, whose later reads wait; 'wait' without one. */
export const SessionReadYourWrites = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ReadYourWrites =>
    sessionDigestOf(context.switchToHttp().getRequest<object>()) ? 'answer' : 'wait',
);
