import { Module } from '@nestjs/common';
import { DashboardController, GetDashboardMetricsHandler } from './dashboard.controller';

@Module({ controllers: [DashboardController], providers: [GetDashboardMetricsHandler] })
export class DashboardModule {}
