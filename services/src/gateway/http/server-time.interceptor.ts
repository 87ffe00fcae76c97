import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { SERVER_TIME_HEADER } from '@shop/contracts';
import type { FastifyReply } from 'fastify';
import type { Observable } from 'rxjs';

/**
 * Says the server's clock in SERVER_TIME_HEADER, read before the handler runs: what it answers is at
 * least that recent, so a till's catalogAsOf taken from it never postdates the prices it was shown.
 */
@Injectable()
export class ServerTimeHeader implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    context.switchToHttp().getResponse<FastifyReply>().header(SERVER_TIME_HEADER, new Date().toISOString());
    return next.handle();
  }
}
