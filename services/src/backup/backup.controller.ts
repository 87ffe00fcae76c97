import { Controller, Headers, HttpCode, Inject, Post, Res, UnauthorizedException } from '@nestjs/common';
import type { Response } from 'express';
import type { Database } from '@shop/infrastructure';
import { Public } from '../gateway/auth/access.decorator';
import { DATABASE } from '../gateway/infrastructure/tokens';
import { bearerTokenMatches } from '../gateway/storefront/storefront-intake.guard';
import { BackupEndpointFile } from './backup-endpoint';
import { writeEventBackup } from '@shop/infrastructure';

/** POST /api/backup: the running embedded app streams a consistent events backup to `npm run backup`. */
@Controller('api/backup')
export class BackupController {
  constructor(
    @Inject(DATABASE) private readonly database: Database,
    private readonly endpoint: BackupEndpointFile,
  ) {}

  @Post()
  @Public()
  @HttpCode(200)
  async backup(@Headers('authorization') authorization: string | undefined, @Res() response: Response): Promise<void> {
    if (!authorization || !bearerTokenMatches(authorization, this.endpoint.token))
      throw new UnauthorizedException('A valid backup token is required');
    response.setHeader('content-type', 'application/x-ndjson');
    await writeEventBackup(this.database.knex, (line) =>
      response.write(`${line}\n`) ? undefined : new Promise<void>((resolve) => response.once('drain', () => resolve())),
    );
    response.end();
  }
}
