import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, mergeMap, type Observable } from 'rxjs';
import { ANSWERS_FROM_EVENTS } from './answers-from-events.decorator';
import { sessionDigestOf } from './request-session';
import { ReadFreshness } from './read-freshness';

/**
 * Read-your-writes for writes that did not wait (see @AnswersFromEvents): every signed-in request
 * other than those writes first waits until the read models reach the store's newest committed
 * position (see ReadFreshness), so it sees every write committed before it, from any session on
 * any gateway. Requests without a session (sign-in, the storefront) do not wait.
 */
@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly freshness: ReadFreshness,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    if (this.reflector.getAllAndOverride<boolean>(ANSWERS_FROM_EVENTS, [context.getHandler(), context.getClass()]))
      return next.handle();
    if (!sessionDigestOf(context.switchToHttp().getRequest<object>())) return next.handle();
    return from(this.freshness.caughtUp()).pipe(mergeMap(() => next.handle()));
  }
}
