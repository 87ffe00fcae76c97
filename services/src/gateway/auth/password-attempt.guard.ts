import {
  applyDecorators,
  Inject,
  Injectable,
  SetMetadata,
  UseGuards,
  UseInterceptors,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  InjectThrottlerOptions,
  InjectThrottlerStorage,
  ThrottlerGuard,
  type ThrottlerLimitDetail,
  type ThrottlerModuleOptions,
  type ThrottlerRequest,
  type ThrottlerStorage,
} from '@nestjs/throttler';
import type { FastifyRequest as Request } from 'fastify';
import { AUTH_MESSAGES, loginInput, type SessionUser } from '@shop/contracts';
import { getUserById } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { TooManyRequests } from '../http/too-many-requests';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { DATABASE } from '../infrastructure/tokens';
import { PasswordAttemptRefund } from './password-attempt-refund.interceptor';
import { accountTracker, PasswordAttempts } from './password-attempts';

/** Whose password a route checks: the sign-in body's username, the signed-in user, or the user in the path. */
export type PasswordAccount = 'login-body' | 'signed-in-user' | 'user-param';
const PASSWORD_ACCOUNT = 'shop:password-account';

const validateLogin = new ZodBodyPipe(loginInput);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * @nestjs/throttler's guard on the calls that check a password: one hit per attempt on the
 * account's and on the client address's budget (see PASSWORD_ATTEMPT_LIMITS), charged before the
 * password is checked, so a refused attempt costs no argon2 work. Keys are shared by every
 * password-gated route: guessing the manager's password through sign-in or through the contact
 * edit draws on one budget. Over a budget: 429 `{ message }` with Retry-After.
 */
@Injectable()
export class PasswordAttemptGuard extends ThrottlerGuard {
  constructor(
    @InjectThrottlerOptions() options: ThrottlerModuleOptions,
    @InjectThrottlerStorage() storage: ThrottlerStorage,
    reflector: Reflector,
    private readonly attempts: PasswordAttempts,
    @Inject(DATABASE) private readonly database: Database,
  ) {
    super(options, storage, reflector);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    try {
      return await super.canActivate(context);
    } catch (error) {
      // Refused here (a full budget, a malformed sign-in): no password was checked, no hit is kept.
      await this.attempts.refund(context.switchToHttp().getRequest());
      throw error;
    }
  }

  protected override async handleRequest(props: ThrottlerRequest): Promise<boolean> {
    const request = props.context.switchToHttp().getRequest<Request>();
    let key = '';
    const passed = await super.handleRequest({
      ...props,
      getTracker:
        props.throttler.name === 'account'
          ? async () =>
              this.attempts.accountKey(
                request,
                await this.accountOf(request, props.context),
                await props.getTracker(request, props.context),
              )
          : props.getTracker,
      generateKey: (_context, tracker, name) => (key = `${name}:${tracker}`),
    });
    this.attempts.charged(request, key);
    return passed;
  }

  protected override async throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw new TooManyRequests(AUTH_MESSAGES.tooManyPasswordAttempts, Math.max(1, detail.timeToBlockExpire));
  }

  private async accountOf(request: Request, context: ExecutionContext): Promise<string> {
    const source = this.reflector.get<PasswordAccount | undefined>(PASSWORD_ACCOUNT, context.getHandler());
    switch (source) {
      case 'login-body':
        // A malformed sign-in answers its 400 here, before anything is charged.
        return accountTracker((validateLogin.transform(request.body) as { username: string }).username);
      case 'signed-in-user':
        return accountTracker((request.user as SessionUser).username);
      case 'user-param': {
        const id = String((request.params as Record<string, string | undefined>)['id'] ?? '');
        const user = UUID.test(id) ? await getUserById(this.database.knex, id) : null;
        return user ? accountTracker(user.username) : `unknown-user:${id}`;
      }
      default:
        throw new Error(
          `${context.getClass().name}.${context.getHandler().name} uses PasswordAttemptGuard without @PasswordAccount`,
        );
    }
  }
}

/** Names whose password a route checks (for PasswordAttemptGuard). */
export const PasswordAccount = (source: PasswordAccount) => SetMetadata(PASSWORD_ACCOUNT, source);

/**
 * A route that checks a password inside its handler (contact edit, change password): throttled,
 * and the attempt's hits given back unless the handler refused the password.
 */
export const PasswordGated = (source: PasswordAccount) =>
  applyDecorators(PasswordAccount(source), UseGuards(PasswordAttemptGuard), UseInterceptors(PasswordAttemptRefund));
