import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MESSAGES, type AuditPage, type ProductHistory } from '@shop/contracts';
import { getProductHistory, listAudit, type AuditFilter } from '@shop/projections';
import type { Database } from '../../database';
import { notFound } from '../../domain';
import { DATABASE } from '../infrastructure/tokens';

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
