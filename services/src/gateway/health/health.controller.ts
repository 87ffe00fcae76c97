import { Controller, Get } from '@nestjs/common';
import { Public } from '../auth/access.decorator';

@Controller('api/health')
export class HealthController {
  /** The server listens only once the database, event store and projections are up. */
  @Get()
  @Public()
  health(): { status: 'ok' } {
    return { status: 'ok' };
  }
}
