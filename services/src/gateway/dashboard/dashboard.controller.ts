import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, Query, type IQueryHandler } from '@nestjs/cqrs';
import type { DashboardMetrics } from '@shop/contracts';
import { getDashboardMetrics } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { SignedIn } from '../auth/access.decorator';
import { DATABASE } from '../infrastructure/tokens';

export class GetDashboardMetricsQuery extends Query<DashboardMetrics> {
  constructor(readonly now: Date) {
    super();
  }
}

@QueryHandler(GetDashboardMetricsQuery)
export class GetDashboardMetricsHandler implements IQueryHandler<GetDashboardMetricsQuery> {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  execute({ now }: GetDashboardMetricsQuery): Promise<DashboardMetrics> {
    return getDashboardMetrics(this.database.knex, now);
  }
}

@Controller('api/dashboard')
export class DashboardController {
  constructor(private readonly queries: QueryBus) {}

  /** Every page header's bell reads these counts, so any signed-in user may. */
  @Get('metrics')
  @SignedIn()
  metrics(): Promise<DashboardMetrics> {
    return this.queries.execute(new GetDashboardMetricsQuery(new Date()));
  }
}
