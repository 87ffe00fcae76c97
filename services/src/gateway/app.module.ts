import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { AppConfig } from '../config';
import { AuthModule } from './auth/auth.module';
import { CustomerSupportModule } from './customer-support/customer-support.module';
import { ContactModule } from './contact/contact.module';
import { CustomersModule } from './customers/customers.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { HealthController } from './health/health.controller';
import { InfrastructureModule } from './infrastructure/infrastructure.module';
import type { Infrastructure } from './infrastructure/infrastructure';
import { BackupModule } from '../backup/backup.module';
import { MediaModule } from './media/media.module';
import { ObservabilityModule } from './observability/observability.module';
import { OnlineOrdersModule } from './online-orders/online-orders.module';
import { ProductsModule } from './products/products.module';
import { SalesModule } from './sales/sales.module';
import { SettingsModule } from './settings/settings.module';
import { TransactionsModule } from './transactions/transactions.module';
import { UsersModule } from './users/users.module';
import { ReportsModule } from './reports/reports.module';
import { AuditModule } from './audit/audit.module';
import { InventoryModule } from './inventory/inventory.module';

@Module({})
export class AppModule {
  static register(config: AppConfig, infrastructure: Infrastructure): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CqrsModule.forRoot(),
        InfrastructureModule.forRoot(config, infrastructure),
        SettingsModule,
        AuthModule,
        ProductsModule,
        TransactionsModule,
        SalesModule,
        CustomerSupportModule,
        MediaModule,
        DashboardModule,
        UsersModule,
        ContactModule,
        CustomersModule,
        OnlineOrdersModule,
        ReportsModule,
        AuditModule,
        InventoryModule,
        ObservabilityModule.register(infrastructure),
        BackupModule.register(config),
      ],
      controllers: [HealthController],
    };
  }
}
