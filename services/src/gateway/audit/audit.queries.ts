import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { lagosBusinessDay, MESSAGES, type AuditPage, type ProductHistory } from '@shop/contracts';
import { allAuditEntries, getProductHistory, listAudit, type AuditFilter } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { notFound } from '@shop/domain';
import { DATABASE } from '../infrastructure/tokens';
import type { CsvExport } from '../reports/csv-response';
import { lagosDateTime } from '../reports/report.queries';

export class GetProductHistoryQuery extends Query<ProductHistory> {
  constructor(
    readonly productId: string,
    readonly sinceLastAboveMin: boolean,
  ) {
    super();
  }
}

@QueryHandler(GetProductHistoryQuery)
export class GetProductHistoryHandler implements IQueryHandler<GetProductHistoryQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute({ productId, sinceLastAboveMin }: GetProductHistoryQuery): Promise<ProductHistory> {
    const history = await getProductHistory(this.database.knex, productId, { sinceLastAboveMin });
    if (!history) throw notFound(MESSAGES.productNotFound);
    return history;
  }
}

export class ListAuditQuery extends Query<AuditPage> {
  constructor(readonly filter: AuditFilter) {
    super();
  }
}

@QueryHandler(ListAuditQuery)
export class ListAuditHandler implements IQueryHandler<ListAuditQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  execute({ filter }: ListAuditQuery): Promise<AuditPage> {
    return listAudit(this.database.knex, filter);
  }
}

export type AuditCsvFilter = Omit<AuditFilter, 'limit' | 'before'>;

export const AUDIT_CSV_COLUMNS = ['When (Lagos)', 'User', 'Entity', 'Entity ID', 'Event', 'Summary', 'Changes'];

export class ExportAuditCsvQuery extends Query<CsvExport> {
  constructor(
    readonly filter: AuditCsvFilter,
    readonly now: Date,
  ) {
    super();
  }
}

/** The filtered audit trail as a CSV download; cells are formula-safe (sendCsv neutralises them). */
@QueryHandler(ExportAuditCsvQuery)
export class ExportAuditCsvHandler implements IQueryHandler<ExportAuditCsvQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  execute({ filter, now }: ExportAuditCsvQuery): Promise<CsvExport> {
    const knex = this.database.knex;
    async function* records() {
      for await (const entry of allAuditEntries(knex, filter)) {
        yield [
          lagosDateTime(entry.at),
          entry.by,
          entry.entity,
          entry.entityId,
          entry.event,
          entry.summary,
          entry.changes.map((change) => `${change.field}: ${change.before ?? 'none'} -> ${change.after}`).join('; '),
        ];
      }
    }
    return Promise.resolve({
      filename: `audit-trail-${lagosBusinessDay(now)}.csv`,
      columns: AUDIT_CSV_COLUMNS,
      records: records(),
    });
  }
}
