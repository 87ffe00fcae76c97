import { BadRequestException, Controller, Get, Param, Query, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import {
  auditCsvQuery,
  auditQuery,
  historyQuery,
  LEDGER_MESSAGES,
  MESSAGES,
  type AuditPage,
  type ProductHistory,
} from '@shop/contracts';
import type { AuditFilter } from '@shop/projections';
import { Pages } from '../auth/access.decorator';
import { uuidParam } from '../http/uuid-param.pipe';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { sendCsv } from '../reports/csv-response';
import { ExportAuditCsvQuery, GetProductHistoryQuery, ListAuditQuery, type AuditCsvFilter } from './audit.queries';

function requireOrdered(filter: { from?: Date; to?: Date }): void {
  if (filter.from && filter.to && filter.from >= filter.to) throw new BadRequestException(LEDGER_MESSAGES.badRange);
}

/** The audit trail: a product's movement history (kept after deletion) and who did what across the shop. */
@Controller('api')
export class AuditController {
  constructor(private readonly queries: QueryBus) {}

  @Get('products/:id/history')
  @Pages('products', 'inventory', 'transactions', 'reports')
  history(
    @Param('id', uuidParam(MESSAGES.productNotFound)) id: string,
    @Query(new ZodBodyPipe(historyQuery)) query: { sinceLastAboveMin?: 'true' | 'false' },
  ): Promise<ProductHistory> {
    return this.queries.execute(new GetProductHistoryQuery(id, query.sinceLastAboveMin === 'true'));
  }

  // The audit page's key: managers always, assistants only when a manager grants it (off by default).
  @Get('audit')
  @Pages('audit')
  audit(@Query(new ZodBodyPipe(auditQuery)) filter: AuditFilter): Promise<AuditPage> {
    requireOrdered(filter);
    return this.queries.execute(new ListAuditQuery(filter));
  }

  @Get('audit.csv')
  @Pages('audit')
  async auditCsv(
    @Query(new ZodBodyPipe(auditCsvQuery)) filter: AuditCsvFilter,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    requireOrdered(filter);
    await sendCsv(reply, await this.queries.execute(new ExportAuditCsvQuery(filter, new Date())));
  }
}
