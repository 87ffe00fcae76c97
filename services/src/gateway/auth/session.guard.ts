import {
  ForbiddenException,
  Injectable,
  UnauthorizedException,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, type SessionUser } from '@shop/contracts';
import { PagePermissionsReader } from '../settings/page-permissions.reader';
import { ACCESS_KEY, type AccessRule } from './access.decorator';
import { ANSWERS_FROM_EVENTS } from '../read-your-writes/answers-from-events.decorator';
import { ReadFreshness } from '../read-your-writes/read-freshness';
import { rememberSessionDigest } from '../read-your-writes/request-session';
import { sessionDigest, SessionStore } from './session.store';
import { SessionRequestQueue } from './session-request-queue';

export const SESSION_COOKIE = 'sid';

/**
 * Global guard: lets the request wait its turn among those of its session cookie (SessionRequestQueue;
 * 429 when that line is full), resolves the session from the cookie, applies the route's access rule, then makes
 * the request read its writes: it waits until the read models reach the store's newest committed
 * position (ReadFreshness), except on the writes that answer from their own events
 * (@AnswersFromEvents). Public routes (sign-in, the storefront) do not wait. Done here rather than
 * in an interceptor: with no interceptor on a route, Nest skips its RxJS chain and two
 * AsyncResource bindings per request (docs/benchmarks.md).
 */
@Injectable()
export class SessionGuard implements CanActivate {
  private readonly turns = new SessionRequestQueue();

  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionStore,
    private readonly permissions: PagePermissionsReader,
    private readonly freshness: ReadFreshness,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // A route that declares no rule is closed to all but managers: forgetting a rule fails safe.
    const rule = this.reflector.getAllAndOverride<AccessRule>(ACCESS_KEY, [
      context.getHandler(),
      context.getClass(),
    ]) ?? {
      kind: 'manager',
    };
    if (rule.kind === 'public') return true;

    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token: unknown = request.cookies?.[SESSION_COOKIE];
    if (typeof token !== 'string' || !token) throw new UnauthorizedException(MESSAGES.notSignedIn);
    const digest = sessionDigest(token);
    // Before the session's look-up, the rule and the wait for the read models: a request waiting its
    // turn costs the database nothing, and a full line is refused without asking it (a look-up can
    // wait behind every other request on PGlite's one connection). An unknown cookie stands in its
    // own line and is refused once its turn comes.
    await this.turns.admit(digest, context.switchToHttp().getResponse<FastifyReply>().raw);
    const user = await this.sessions.find(token);
    if (!user) throw new UnauthorizedException(MESSAGES.notSignedIn);
    request.user = user;
    rememberSessionDigest(request, digest);
    await this.applyRule(rule, user);
    if (!this.reflector.getAllAndOverride<boolean>(ANSWERS_FROM_EVENTS, [context.getHandler(), context.getClass()]))
      await this.freshness.caughtUp();
    return true;
  }

  /** Resolves when `user` may use the route; throws 403 otherwise. */
  private async applyRule(rule: Exclude<AccessRule, { kind: 'public' }>, user: SessionUser): Promise<void> {
    switch (rule.kind) {
      case 'signed-in':
        return;
      case 'manager':
        if (user.role !== 'manager') throw new ForbiddenException(MESSAGES.managerOnly);
        return;
      case 'pages':
        if (await this.permissions.grantsAny(user, rule.pages)) return;
        throw new ForbiddenException(MESSAGES.forbidden);
    }
  }
}
