import { createHash, timingSafeEqual } from 'node:crypto';
import {
  ForbiddenException,
  Inject,
  Injectable,
  UnauthorizedException,
  UseGuards,
  applyDecorators,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@shop/contracts';
import type { AppConfig } from '../../config';
import { Public } from '../auth/access.decorator';
import { SESSION_COOKIE } from '../auth/session.guard';
import { SessionStore } from '../auth/session.store';
import { APP_CONFIG } from '../infrastructure/tokens';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares digests of equal length, so the time taken says nothing about how much of the token matched. */
export function bearerTokenMatches(header: string, expected: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match !== null && timingSafeEqual(digest(match[1]!), digest(expected));
}

/**
 * Who may feed the storefront intake (orders, customer registration): the storefront itself with
 * `Authorization: Bearer <STOREFRONT_TOKEN>`, or a signed-in manager (e.g. keying a phone order).
 * A token that is sent but wrong is refused even with a session: a misconfigured storefront should
 * fail loudly. Without STOREFRONT_TOKEN configured no token can match, so only managers get in.
 */
@Injectable()
export class StorefrontIntakeGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly sessions: SessionStore,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const header = request.headers.authorization;
    if (header !== undefined) {
      if (this.config.storefrontToken && bearerTokenMatches(header, this.config.storefrontToken)) return true;
      throw new UnauthorizedException(MESSAGES.storefrontTokenRequired);
    }
    const cookie: unknown = request.cookies?.[SESSION_COOKIE];
    const user = typeof cookie === 'string' && cookie ? await this.sessions.find(cookie) : null;
    if (!user)
      throw new UnauthorizedException(
        this.config.storefrontToken ? MESSAGES.storefrontTokenRequired : MESSAGES.notSignedIn,
      );
    if (user.role !== 'manager') throw new ForbiddenException(MESSAGES.managerOnly);
    request.user = user;
    return true;
  }
}

/**
 * The session guard lets the route through (it cannot know about the token), then this guard
 * applies the intake's own rule. Together they are one access rule; never use Public() alone here.
 */
export const StorefrontIntake = () => applyDecorators(Public(), UseGuards(StorefrontIntakeGuard));
