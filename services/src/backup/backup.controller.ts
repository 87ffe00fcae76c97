import { Controller, Headers, HttpCode, Inject, Post, Res, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { once } from 'node:events';
import { PassThrough } from 'node:stream';
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

  /**
   * No session: the bearer token the running app writes, new at each start, into its data folder
   * (mode 0600), which `npm run backup` reads; without it 401 'A valid backup token is required'.
   */
  @Post()
  @Public()
  @HttpCode(200)
  async backup(@Headers('authorization') authorization: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    if (!authorization || !bearerTokenMatches(authorization, this.endpoint.token))
      throw new UnauthorizedException('A valid backup token is required');
    const body = new PassThrough();
    void reply.header('content-type', 'application/x-ndjson').send(body);
    try {
      await writeEventBackup(this.database.knex, async (line) => {
        if (!body.write(`${line}\n`)) await once(body, 'drain');
      });
      body.end();
    } catch (error) {
      // The status is gone by now: the client sees a cut-off stream, which `npm run backup` refuses.
      body.destroy(error as Error);
      throw error;
    }
  }
}
