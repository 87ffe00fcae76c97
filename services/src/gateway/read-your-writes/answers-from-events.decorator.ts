import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { sessionDigestOf } from './request-session';

export const ANSWERS_FROM_EVENTS = 'shop:answers-from-events';

/**
 * A write route that decides on the event streams alone and answers from its own events: it does
 * not wait for the read models, before or after. Its position becomes the session's consistency
 * token instead (see SessionPositions), which the session's later requests wait for.
 */
export const AnswersFromEvents = () => SetMetadata(ANSWERS_FROM_EVENTS, true);

/** How a write makes itself visible to its session: wait for every read model, or store its position in the session. */
export type ReadYourWrites = 'wait' | { readonly sessionDigest: string };

/** The ReadYourWrites of an @AnswersFromEvents route: the request's session, or 'wait' without one. */
export const SessionReadYourWrites = createParamDecorator((_data: unknown, context: ExecutionContext): ReadYourWrites => {
  const sessionDigest = sessionDigestOf(context.switchToHttp().getRequest<object>());
  return sessionDigest ? { sessionDigest } : 'wait';
});
