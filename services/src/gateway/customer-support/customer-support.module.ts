import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '../../config';
import type { Database } from '@shop/infrastructure';
import { APP_CONFIG, DATABASE } from '../infrastructure/tokens';
import { ChangeSupportStatusHandler } from './change-support-status.command';
import { CustomerSupportController } from './customer-support.controller';
import { IntakeRateLimiter } from './intake-rate-limiter';
import { ReplyToSupportRequestHandler } from './reply-to-support-request.command';
import { SubmitSupportRequestHandler } from './submit-support-request.command';
import { createSupportMailer, SUPPORT_MAILER } from './support-mailer';
import { SUPPORT_QUERY_HANDLERS } from './support-request.queries';

@Module({
  controllers: [CustomerSupportController],
  providers: [
    {
      provide: IntakeRateLimiter,
      inject: [DATABASE],
      useFactory: (database: Database) => new IntakeRateLimiter(database.knex),
    },
    { provide: SUPPORT_MAILER, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createSupportMailer(config) },
    SubmitSupportRequestHandler,
    ChangeSupportStatusHandler,
    ReplyToSupportRequestHandler,
    ...SUPPORT_QUERY_HANDLERS,
  ],
})
export class CustomerSupportModule implements OnModuleInit {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /** The limiter's table belongs to the gateway (not a read model): created here, before the app listens. */
  async onModuleInit(): Promise<void> {
    await IntakeRateLimiter.migrate(this.database.knex);
  }
}
