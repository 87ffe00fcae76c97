import { Inject, NotFoundException, type PipeTransform } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { SUPPORT_MESSAGES, type SupportRequest, type SupportStats } from '@shop/contracts';
import { getSupportRequest, getSupportStats, listSupportRequests } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { notFound } from '@shop/domain';
import { DATABASE } from '../infrastructure/tokens';

const MAX_SERIAL = 2_147_483_647;

/** An id that is not a positive whole number names no request: 404, like an unknown one. */
export class SupportIdPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const id = /^\d{1,10}$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(id) || id < 1 || id > MAX_SERIAL) throw new NotFoundException(SUPPORT_MESSAGES.notFound);
    return id;
  }
}

export class ListSupportRequestsQuery extends Query<SupportRequest[]> {}

export class GetSupportRequestQuery extends Query<SupportRequest> {
  constructor(readonly id: number) {
    super();
  }
}

export class GetSupportStatsQuery extends Query<SupportStats> {
  constructor(readonly now: Date = new Date()) {
    super();
  }
}

@QueryHandler(ListSupportRequestsQuery)
export class ListSupportRequestsHandler implements IQueryHandler<ListSupportRequestsQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  execute(): Promise<SupportRequest[]> {
    return listSupportRequests(this.database.knex);
  }
}

@QueryHandler(GetSupportRequestQuery)
export class GetSupportRequestHandler implements IQueryHandler<GetSupportRequestQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  async execute({ id }: GetSupportRequestQuery): Promise<SupportRequest> {
    const request = await getSupportRequest(this.database.knex, id);
    if (!request) throw notFound(SUPPORT_MESSAGES.notFound);
    return request;
  }
}

@QueryHandler(GetSupportStatsQuery)
export class GetSupportStatsHandler implements IQueryHandler<GetSupportStatsQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  execute({ now }: GetSupportStatsQuery): Promise<SupportStats> {
    return getSupportStats(this.database.knex, now);
  }
}

export const SUPPORT_QUERY_HANDLERS = [ListSupportRequestsHandler, GetSupportRequestHandler, GetSupportStatsHandler];
