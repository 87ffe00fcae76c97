import type { FastifyServerOptions } from 'fastify';
import type { AppConfig, TrustProxy } from '../../config';
import { requestIdOf } from './request-logging';
import { routerErrors } from './router-errors';
import type { SecurityHeadersMiddleware } from './security-headers';

/** Node's own default, which Fastify turns off: a body that never finishes is cut after 5 minutes (408). */
export const REQUEST_TIMEOUT_MS = 300_000;

/**
 * Fastify's settings, matching what the gateway did on Express: the trusted proxies (proxy-addr,
 * the same names and CIDRs), routes matched without regard to case or a trailing slash, ids of
 * any length reaching the handler (which answers the entity's own 404), and our request ids.
 */
export function httpServerOptions(
  config: AppConfig,
  setSecurityHeaders: SecurityHeadersMiddleware,
): FastifyServerOptions {
  return {
    trustProxy: trustProxyOption(config.trustProxy),
    genReqId: requestIdOf,
    requestIdHeader: false,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 10_000 },
    frameworkErrors: routerErrors(setSecurityHeaders),
    bodyLimit: 1024 * 1024,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // No server-side logging of its own: request lines and errors are logged by our hooks.
    logger: false,
  };
}

/**
 * A hop count as Express (proxy-addr) reads it: that many addresses, the socket's first, from the right,
 * are proxies, so the client is the next one to the left in X-Forwarded-For. Fastify 5.12 reads a
 * bare number as "trust nothing" (a hop count cannot tell a proxy from a client that sends enough
 * hops); an operator who sets TRUST_PROXY=1 declares that every connection comes through the proxy.
 */
function trustProxyOption(trust: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return [...trust];
}
