import { Inject, Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, mergeMap, type Observable } from 'rxjs';
import { READ_MODEL_SYNC } from '../infrastructure/tokens';
import type { ReadModelSync } from '../infrastructure/read-model-sync';
import { ANSWERS_FROM_EVENTS } from './answers-from-events.decorator';
import { sessionDigestOf } from './request-session';
import { SessionPositions } from './session-positions';

/**
 * Read-your-writes for writes that did not wait (see @AnswersFromEvents): a later request of the
 * same session, on any gateway, first waits until the read models reach the session's last write.
 * Requests of other sessions do not wait; they see it once the projections have applied it.
 */
@Injectable()
export class ReadYourWritesInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly positions: SessionPositions,
    @Inject(READ_MODEL_SYNC) private readonly sync: ReadModelSync,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    if (this.reflector.getAllAndOverride<boolean>(ANSWERS_FROM_EVENTS, [context.getHandler(), context.getClass()]))
      return next.handle();
    const digest = sessionDigestOf(context.switchToHttp().getRequest<object>());
    if (!digest) return next.handle();
    return from(this.caughtUp(digest)).pipe(mergeMap(() => next.handle()));
  }

  private async caughtUp(digest: string): Promise<void> {
    // Bounded (see ReadModelSync); a read model that cannot be reached gives a stale read, not an error.
    const position = await this.positions.lastWrite(digest).catch(() => null);
    if (position) await this.sync.waitFor(position).catch(() => undefined);
  }
}
