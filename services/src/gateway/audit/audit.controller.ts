import { BadRequestException, Controller, Get, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  auditQuery,
  historyQuery,
  LEDGER_MESSAGES,
  MESSAGES,
  type AuditPage,
  type ProductHistory,
} from '@shop/contracts';
import type { AuditFilter } from '@shop/projections';
import { ManagerOnly, Pages } from '../auth/access.decorator';
import { uuidParam } from '../http/uuid-param.pipe';
import { ZodBodyPipe } from '../http/zod-body.pipe';
import { GetProductHistoryQuery, ListAuditQuery } from './audit.queries';

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

  @Get('audit')
  @ManagerOnly()
  audit(@Query(new ZodBodyPipe(auditQuery)) filter: AuditFilter): Promise<AuditPage> {
    if (filter.from && filter.to && filter.from >= filter.to) throw new BadRequestException(LEDGER_MESSAGES.badRange);
    return this.queries.execute(new ListAuditQuery(filter));
  }
}
