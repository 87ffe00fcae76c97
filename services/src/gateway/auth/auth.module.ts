import { Global, Inject, Module, type OnModuleInit } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { ThrottlerModule } from '@nestjs/throttler';
import type { Database } from '@shop/infrastructure';
import { DATABASE } from '../infrastructure/tokens';
import { AuthController, RecordSignInHandler } from './auth.controller';
import { DatabaseThrottlerStorage } from './database-throttler.storage';
import { FamiliarClients } from './familiar-clients.store';
import { LocalStrategy } from './local.strategy';
import { PasswordAttemptRefund } from './password-attempt-refund.interceptor';
import { PasswordAttemptGuard } from './password-attempt.guard';
import { PasswordAttempts, passwordThrottlerOptions } from './password-attempts';
import { PasswordCheck } from './password-check';
import { SessionGuard } from './session.guard';

@Global()
@Module({
  imports: [
    PassportModule,
    ThrottlerModule.forRootAsync({
      inject: [DATABASE],
      useFactory: (database: Database) => passwordThrottlerOptions(database),
    }),
  ],
  controllers: [AuthController],
  providers: [
    LocalStrategy,
    RecordSignInHandler,
    PasswordCheck,
    PasswordAttempts,
    PasswordAttemptGuard,
    PasswordAttemptRefund,
    { provide: APP_GUARD, useClass: SessionGuard },
  ],
  exports: [PasswordCheck, PasswordAttempts, PasswordAttemptGuard, PasswordAttemptRefund],
})
export class AuthModule implements OnModuleInit {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** The throttle and familiar-client tables are gateway state like the sessions (not read models): created before the app listens. */
  async onModuleInit(): Promise<void> {
    await DatabaseThrottlerStorage.migrate(this.database.knex);
    await FamiliarClients.migrate(this.database.knex);
  }
}
