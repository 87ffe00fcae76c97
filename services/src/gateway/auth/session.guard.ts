import { ForbiddenException, Injectable, UnauthorizedException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { canAccessPage, MESSAGES } from '@shop/contracts';
import { PagePermissionsReader } from '../settings/page-permissions.reader';
import { ACCESS_KEY, type AccessRule } from './access.decorator';
import { rememberSessionDigest } from '../read-your-writes/request-session';
import { sessionDigest, SessionStore } from './session.store';

export const SESSION_COOKIE = 'sid';

/** Global guard: resolves the session from its cookie, then applies the route's access rule. */
@Injectable()
export class SessionGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: SessionStore,
    private readonly permissions: PagePermissionsReader,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    // A route that declares no rule is closed to all but managers: forgetting a rule fails safe.
    const rule = this.reflector.getAllAndOverride<AccessRule>(ACCESS_KEY, [context.getHandler(), context.getClass()]) ?? {
      kind: 'manager',
    };
    if (rule.kind === 'public') return true;

    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const token: unknown = request.cookies?.[SESSION_COOKIE];
    const user = typeof token === 'string' && token ? await this.sessions.find(token) : null;
    if (!user) throw new UnauthorizedException(MESSAGES.notSignedIn);
    request.user = user;
    rememberSessionDigest(request, sessionDigest(token as string));

    switch (rule.kind) {
      case 'signed-in':
        return true;
      case 'manager':
        if (user.role !== 'manager') throw new ForbiddenException(MESSAGES.managerOnly);
        return true;
      case 'pages': {
        if (user.role === 'manager') return true;
        const { value } = await this.permissions.read();
        if (rule.pages.some((page) => canAccessPage(user, value, page))) return true;
        throw new ForbiddenException(MESSAGES.forbidden);
      }
    }
  }
}
