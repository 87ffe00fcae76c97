import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { GetProductHistoryHandler, ListAuditHandler } from './audit.queries';

@Module({
  controllers: [AuditController],
  providers: [GetProductHistoryHandler, ListAuditHandler],
})
export class AuditModule {}
