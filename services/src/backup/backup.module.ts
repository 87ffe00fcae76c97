import {
  Module,
  type DynamicModule,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  Injectable,
} from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import type { AppConfig } from '../config';
import { BackupController } from './backup.controller';
import { BackupEndpointFile } from './backup-endpoint';

/** Publishes the endpoint file once the server listens and removes it on shutdown. */
@Injectable()
class EndpointPublisher implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly endpoint: BackupEndpointFile,
  ) {}

  onApplicationBootstrap(): void {
    const server = this.adapterHost.httpAdapter.getHttpServer() as Server;
    server.once('listening', () => this.endpoint.publish(server.address()));
  }

  onApplicationShutdown(): void {
    this.endpoint.remove();
  }
}

/** Online backup of the embedded data (PGlite); with DATABASE_URL, `npm run backup` reads the server itself. */
@Module({})
export class BackupModule {
  static register(config: AppConfig): DynamicModule {
    const embeddedFolder = !config.databaseUrl && !config.dataDir.includes('://') ? config.dataDir : null;
    return {
      module: BackupModule,
      providers: [{ provide: BackupEndpointFile, useValue: new BackupEndpointFile(embeddedFolder) }, EndpointPublisher],
      controllers: embeddedFolder ? [BackupController] : [],
    };
  }
}
