import { Module, type DynamicModule } from '@nestjs/common';
import type { Infrastructure } from '../infrastructure/infrastructure';
import { INFRASTRUCTURE, OperationsController } from './operations.controller';

/** Readiness and metrics endpoints over the started infrastructure. */
@Module({})
export class ObservabilityModule {
  static register(infrastructure: Infrastructure): DynamicModule {
    return {
      module: ObservabilityModule,
      providers: [{ provide: INFRASTRUCTURE, useValue: infrastructure }],
      controllers: [OperationsController],
    };
  }
}
