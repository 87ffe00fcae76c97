import { Module } from '@nestjs/common';
import {
  ExportInventoryCsvHandler,
  ExportTransactionsCsvHandler,
  GetReportSummaryHandler,
  ListStaffDailySalesHandler,
} from './report.queries';
import { ReportsController } from './reports.controller';

@Module({
  controllers: [ReportsController],
  providers: [
    ExportInventoryCsvHandler,
    ExportTransactionsCsvHandler,
    GetReportSummaryHandler,
    ListStaffDailySalesHandler,
  ],
})
export class ReportsModule {}
