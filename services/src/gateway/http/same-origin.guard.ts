import { ForbiddenException, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/session.guard';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What the browser itself says about who started the request (Fetch Metadata); a page cannot forge it. */
const ALLOWED_FETCH_SITES = new Set(['same-origin', 'none']);

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed';

/**
 * Refuses a state-changing call that a browser made on behalf of another site (CSRF), before any
 * handler runs, so nothing changes. Browsers say so with Sec-Fetch-Site, older ones with an Origin
 * that is not this host. A client that sends neither (curl, the storefront's server, tests) is no
 * browser and passes; so does a call authorised only by a bearer token, which no page can attach to
 * a cross-site request by itself. See docs/decisions.md for the public storefront calls.
 */
@Injectable()
export class SameOriginGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (!STATE_CHANGING.has(request.method)) return true;
    if (request.headers.authorization && !request.cookies?.[SESSION_COOKIE]) return true;
    if (isCrossSite(request)) throw new ForbiddenException(CROSS_SITE_MESSAGE);
    return true;
  }
}

export function isCrossSite(request: FastifyRequest): boolean {
  const site = header(request, 'sec-fetch-site');
  if (site) return !ALLOWED_FETCH_SITES.has(site.toLowerCase());
  const origin = header(request, 'origin');
  if (!origin) return false;
  // Host only, not scheme: behind a TLS proxy the app may see http while the page is https.
  try {
    return origin === 'null' || new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}

/** A request header as one string (a repeated one joined, as express's req.get did not split it either). */
function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
