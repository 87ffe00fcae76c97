import { Controller, Get, Inject } from '@nestjs/common';
import { countSetAside } from '@shop/projections';
import type { Database } from '@shop/infrastructure';
import { Public } from '../auth/access.decorator';
import { DATABASE } from '../infrastructure/tokens';

export type HealthResponse =
  | { status: 'ok' }
  | {
      status: 'degraded';
      /** Projections that set events aside, with how many: their read models miss those events. */
      projections: { name: string; setAside: number }[];
    };

@Controller('api/health')
export class HealthController {
  constructor(@Inject(DATABASE) private readonly database: Database) {}

  /**
   * The server listens only once the database, event store and projections are up. Degraded (still
   * 200: the app serves) while any projection has set events aside; counts only, never event data.
   */
  @Get()
  @Public()
  async health(): Promise<HealthResponse> {
    const setAside = await countSetAside(this.database.knex);
    if (setAside.length === 0) return { status: 'ok' };
    return {
      status: 'degraded',
      projections: setAside.map((entry) => ({ name: entry.projection, setAside: entry.count })),
    };
  }
}
