import { Controller, Get, Headers, Inject, NotFoundException, Res, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { allProjections } from '@shop/projections';
import type { AppConfig } from '../../config';
import { Public } from '../auth/access.decorator';
import type { Infrastructure } from '../infrastructure/infrastructure';
import { APP_CONFIG } from '../infrastructure/tokens';
import { bearerTokenMatches } from '../storefront/storefront-intake.guard';
import { checkReadiness, type Readiness } from './readiness';

export const INFRASTRUCTURE = Symbol('INFRASTRUCTURE');

const projectionNames = allProjections.map((projection) => projection.name);

/** For load balancers and monitoring: readiness (GET /api/ready) and Prometheus metrics (GET /api/metrics). */
@Controller('api')
export class OperationsController {
  /**
   * The check under way: probes that arrive meanwhile share its answer. The route is public, so a
   * flood of probes would otherwise queue hundreds of checks on PGlite's one connection, time them
   * out, and answer the load balancer 503 while the gateway is fine.
   */
  private checking: Promise<Readiness> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(INFRASTRUCTURE) private readonly infrastructure: Infrastructure,
  ) {}

  /** 200 when this gateway can serve; 503 (with the failing checks) to take it out of rotation. */
  @Get('ready')
  @Public()
  async ready(
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Readiness & { status?: string; message?: string }> {
    const readiness = await this.sharedCheck();
    if (readiness.ready) return { status: 'ready', ...readiness };
    void reply.status(503);
    const failing = Object.entries(readiness.checks)
      .filter(([name, value]) => ['database', 'eventStore', 'projections'].includes(name) && value !== 'ok')
      .map(([name, value]) => `${name} ${String(value)}`);
    return { message: `Not ready: ${failing.join(', ')}`, ...readiness };
  }

  private sharedCheck(): Promise<Readiness> {
    if (this.checking) return this.checking;
    const { database, eventStore } = this.infrastructure;
    const check = checkReadiness(database.knex, eventStore, projectionNames, this.config.readyMaxProjectionLag);
    this.checking = check.finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  /**
   * Prometheus text format, for the monitoring system only: `Authorization: Bearer <METRICS_TOKEN>`.
   * Without METRICS_TOKEN the endpoint does not exist (404), so nothing is exposed by default.
   */
  @Get('metrics')
  @Public()
  async metrics(
    @Headers('authorization') authorization: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const token = this.config.metricsToken;
    if (!token) throw new NotFoundException('Metrics are disabled: set METRICS_TOKEN');
    if (!authorization || !bearerTokenMatches(authorization, token))
      throw new UnauthorizedException('A valid metrics token is required');
    const registry = this.infrastructure.metrics.registry;
    const text = await registry.metrics();
    void reply.header('content-type', registry.contentType).send(text);
  }
}
