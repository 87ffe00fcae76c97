import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import type { AppConfig } from '../../config';
import type { Database } from '@shop/infrastructure';
import { REQUEST_TIMEOUT_MS } from '../http/http-server-options';
import { APP_CONFIG, DATABASE } from '../infrastructure/tokens';
import { MediaController } from './media.controller';
import { LocalMediaStorage } from './media-storage';
import { MediaUploadStore } from './media-upload.store';
import { S3MediaSigner } from './s3-media-signer';

@Module({
  controllers: [MediaController],
  providers: [
    {
      provide: MediaUploadStore,
      inject: [DATABASE],
      useFactory: (database: Database) => new MediaUploadStore(database.knex),
    },
    {
      provide: LocalMediaStorage,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new LocalMediaStorage(config.mediaDir),
    },
    {
      provide: S3MediaSigner,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => (config.s3 ? new S3MediaSigner(config.s3) : null),
    },
  ],
  exports: [MediaUploadStore],
})
export class MediaModule implements OnModuleInit {
  constructor(
    private readonly storage: LocalMediaStorage,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Temporaries older than any PUT can run (twice the request timeout: another gateway's are younger). */
  async onModuleInit(): Promise<void> {
    if (!this.config.s3) await this.storage.removeTemporariesOlderThan(new Date(Date.now() - 2 * REQUEST_TIMEOUT_MS));
  }
}
