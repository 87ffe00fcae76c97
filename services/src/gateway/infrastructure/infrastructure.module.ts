import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from '../../config';
import { SessionStore } from '../auth/session.store';
import { ReadFreshness } from '../read-your-writes/read-freshness';
import type { Infrastructure } from './infrastructure';
import { StreamWriter } from './stream-writer.service';
import { APP_CONFIG, DATABASE, EVENT_STORE, READ_MODEL_SYNC } from './tokens';

/** Hands the already-started infrastructure (database, event store, projections) to Nest's container. */
@Global()
@Module({})
export class InfrastructureModule {
  static forRoot(config: AppConfig, infrastructure: Infrastructure): DynamicModule {
    return {
      module: InfrastructureModule,
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: DATABASE, useValue: infrastructure.database },
        { provide: EVENT_STORE, useValue: infrastructure.eventStore },
        { provide: READ_MODEL_SYNC, useValue: infrastructure.sync },
        {
          provide: SessionStore,
          useFactory: () => new SessionStore(infrastructure.database.knex, config.sessionTtlHours),
        },
        { provide: ReadFreshness, useFactory: () => new ReadFreshness(infrastructure.eventStore, infrastructure.sync) },
        StreamWriter,
      ],
      exports: [APP_CONFIG, DATABASE, EVENT_STORE, READ_MODEL_SYNC, SessionStore, ReadFreshness, StreamWriter],
    };
  }
}
