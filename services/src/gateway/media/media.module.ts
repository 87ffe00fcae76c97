import { Module } from '@nestjs/common';
import type { AppConfig } from '../../config';
import type { Database } from '../../database';
import { APP_CONFIG, DATABASE } from '../infrastructure/tokens';
import { MediaController } from './media.controller';
import { LocalMediaStorage } from './media-storage';
import { MediaUploadStore } from './media-upload.store';

@Module({
  controllers: [MediaController],
  providers: [
    { provide: MediaUploadStore, inject: [DATABASE], useFactory: (database: Database) => new MediaUploadStore(database.knex) },
    { provide: LocalMediaStorage, inject: [APP_CONFIG], useFactory: (config: AppConfig) => new LocalMediaStorage(config.mediaDir) },
  ],
})
export class MediaModule {}
