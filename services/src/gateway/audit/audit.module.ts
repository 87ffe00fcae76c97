import { Module } from '@nestjs/common';
import { AuditController } from './audit.controller';
import { ExportAuditCsvHandler, GetProductHistoryHandler, ListAuditHandler } from './audit.queries';

@Module({
  controllers: [AuditController],
  providers: [ExportAuditCsvHandler, GetProductHistoryHandler, ListAuditHandler],
})
export class AuditModule {}
