import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  INVENTORY_CSV_COLUMNS,
  TRANSACTIONS_CSV_COLUMNS,
  type ReportSummary,
  type StaffDailySales,
} from '@shop/contracts';
import {
  getReportSummary,
  inventoryPages,
  ledgerMovementPages,
  listStaffDailySales,
  type MovementRange,
  type ReportRange,
} from '@shop/projections';
import { lagosBusinessDay, lagosWallTime } from '@shop/contracts';
import type { Database } from '@shop/infrastructure';
import { DATABASE } from '../infrastructure/tokens';
import type { CsvExport } from './csv-response';

/** "2025-03-10 14:05:09", Africa/Lagos wall time: what a spreadsheet recognises as a date. */
export const lagosDateTime = (iso: string) => lagosWallTime(iso);

export class ExportInventoryCsvQuery extends Query<CsvExport> {
  constructor(
    readonly asOf: Date | null,
    readonly now: Date,
  ) {
    super();
  }
}

@QueryHandler(ExportInventoryCsvQuery)
export class ExportInventoryCsvHandler implements IQueryHandler<ExportInventoryCsvQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute({ asOf, now }: ExportInventoryCsvQuery): Promise<CsvExport> {
    const knex = this.database.knex;
    async function* records() {
      for await (const page of inventoryPages(knex, { asOf })) {
        for (const item of page) {
          yield [
            item.name,
            item.sku,
            item.category,
            item.price,
            String(item.currentStock),
            String(item.minStockLevel),
            item.stockValue,
            item.status,
          ];
        }
      }
    }
    return {
      filename: `inventory-report-${lagosBusinessDay(asOf ?? now)}.csv`,
      columns: INVENTORY_CSV_COLUMNS,
      records: records(),
    };
  }
}

export class ExportTransactionsCsvQuery extends Query<CsvExport> {
  constructor(
    readonly range: MovementRange,
    readonly now: Date,
  ) {
    super();
  }
}

@QueryHandler(ExportTransactionsCsvQuery)
export class ExportTransactionsCsvHandler implements IQueryHandler<ExportTransactionsCsvQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute({ range, now }: ExportTransactionsCsvQuery): Promise<CsvExport> {
    const knex = this.database.knex;
    async function* records() {
      for await (const page of ledgerMovementPages(knex, range)) {
        for (const movement of page) {
          yield [
            lagosDateTime(movement.at),
            movement.productName,
            movement.productSku,
            movement.type === 'in' ? 'Stock In' : 'Stock Out',
            String(movement.quantity),
            movement.unitPrice ?? '',
            movement.totalValue,
            movement.reason,
            movement.notes ?? '',
          ];
        }
      }
    }
    return {
      filename: `transactions-report-${lagosBusinessDay(now)}.csv`,
      columns: TRANSACTIONS_CSV_COLUMNS,
      records: records(),
    };
  }
}

export class GetReportSummaryQuery extends Query<ReportSummary> {
  constructor(readonly range: ReportRange) {
    super();
  }
}

@QueryHandler(GetReportSummaryQuery)
export class GetReportSummaryHandler implements IQueryHandler<GetReportSummaryQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  execute({ range }: GetReportSummaryQuery): Promise<ReportSummary> {
    return getReportSummary(this.database.knex, range);
  }
}

export class ListStaffDailySalesQuery extends Query<StaffDailySales> {
  constructor(readonly range: { from?: string; to?: string }) {
    super();
  }
}

@QueryHandler(ListStaffDailySalesQuery)
export class ListStaffDailySalesHandler implements IQueryHandler<ListStaffDailySalesQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  execute({ range }: ListStaffDailySalesQuery): Promise<StaffDailySales> {
    return listStaffDailySales(this.database.knex, range);
  }
}
