import { Controller, Get, HttpCode, Inject, Post, Req, Res, UseGuards } from '@nestjs/common';
import { CommandBus, CommandHandler, Command, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES, type SessionUser, type User } from '@shop/contracts';
import type { AppConfig } from '../../config';
import { userDecider, userStreamId } from '@shop/domain';
import { StreamWriter } from '../infrastructure/stream-writer.service';
import { APP_CONFIG } from '../infrastructure/tokens';
import { GetUserQuery } from '../users/user.queries';
import { Public, SignedIn } from './access.decorator';
import { commandContext, CurrentUser } from './current-user.decorator';
import { LocalAuthGuard } from './local-auth.guard';
import type { SignInUser } from './local.strategy';
import { PasswordAccount, PasswordAttemptGuard } from './password-attempt.guard';
import { PasswordCheck } from './password-check';
import { SignInRefused } from './password-refusal';
import { SESSION_COOKIE } from './session.guard';
import { SessionStore } from './session.store';

export class RecordSignInCommand extends Command<void> {
  constructor(readonly user: SessionUser) {
    super();
  }
}

/** lastLoginAt comes from a UserSignedIn event: sign-ins are part of the audit trail. */
@CommandHandler(RecordSignInCommand)
export class RecordSignInHandler implements ICommandHandler<RecordSignInCommand> {
  constructor(private readonly writer: StreamWriter) {}

  async execute({ user }: RecordSignInCommand): Promise<void> {
    await this.writer.write(commandContext(user), [
      { streamId: userStreamId(user.id), decider: userDecider, command: { type: 'RecordSignIn', userId: user.id } },
    ]);
  }
}

@Controller('api')
export class AuthController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly sessions: SessionStore,
    private readonly passwords: PasswordCheck,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Throttled per account and per client (PasswordAttemptGuard) before the credentials are checked. */
  @Post('login')
  @Public()
  @PasswordAccount('login-body')
  @UseGuards(PasswordAttemptGuard, LocalAuthGuard)
  @HttpCode(200)
  async login(@CurrentUser() signedIn: SignInUser, @Res({ passthrough: true }) reply: FastifyReply): Promise<User> {
    const { checkedHash, ...user } = signedIn;
    await this.commands.execute(new RecordSignInCommand(user));
    const { token, expiresAt } = await this.sessions.create(user.id);
    // A password change revokes the sessions that exist when it is recorded. One opened after that
    // with the password checked before it would outlive it: the session stands only if the password
    // it was opened with is still the user's now that it exists.
    if (!(await this.passwords.stillCurrent(user.id, checkedHash))) {
      await this.sessions.revoke(token);
      throw new SignInRefused(MESSAGES.invalidCredentials);
    }
    void reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.cookieSecure,
      expires: expiresAt,
      path: '/',
    });
    return this.queries.execute(new GetUserQuery(user.id));
  }

  @Post('logout')
  @Public()
  @HttpCode(204)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    const token: unknown = request.cookies?.[SESSION_COOKIE];
    if (typeof token === 'string' && token) await this.sessions.revoke(token);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
  }

  /** Lets the browser check at start-up that the server still knows its stored session. */
  @Get('session')
  @SignedIn()
  session(@CurrentUser() user: SessionUser): Promise<User> {
    return this.queries.execute(new GetUserQuery(user.id));
  }
}
