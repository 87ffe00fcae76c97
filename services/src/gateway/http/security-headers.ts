import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../../config';
import { s3MediaOrigin } from '../media/s3-media-signer';

/**
 * Security headers on every response (helmet). The Content-Security-Policy is what the built web app
 * needs and no more: its own scripts, Radix's inline style attributes, data:/blob: images (the
 * favicon, previews of files being uploaded) and, when S3 holds product media, the bucket's origin
 * (the GET of a media path redirects there, and the browser PUTs uploads straight to it).
 */
export function securityHeaders(config: AppConfig): HelmetOptions {
  const bucket = config.s3 ? [s3MediaOrigin(config.s3)] : [];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        scriptSrc: ["'self'"],
        // The till's service worker (sw.js, issue 14) and the web app manifest come from the app itself.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...bucket],
        mediaSrc: ["'self'", 'blob:', ...bucket],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...bucket],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        // Only behind HTTPS: on a plain-HTTP install the upgrade would send every asset to a port nobody serves.
        ...(config.cookieSecure ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS pins the browser to HTTPS for a year: only when the operator says the site is served over HTTPS.
    strictTransportSecurity: config.cookieSecure ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // The S3 redirect for media would be blocked by a require-corp embedder policy.
    crossOriginEmbedderPolicy: false,
  };
}

export type SecurityHeadersMiddleware = ReturnType<typeof helmet>;

/** helmet's middleware, built once: for the hook below and for the router's own answers (router-errors.ts). */
export const securityHeadersMiddleware = (config: AppConfig): SecurityHeadersMiddleware =>
  helmet(securityHeaders(config));

/**
 * Sets the headers on every request before routing. Not @fastify/helmet: it builds a new helmet
 * (parsing every CSP directive again) on each request, 3% of the gateway's CPU under the movement
 * load (docs/benchmarks.md).
 */
export function installSecurityHeaders(server: FastifyInstance, setHeaders: SecurityHeadersMiddleware): void {
  server.addHook('onRequest', (request, reply, done) =>
    setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined)),
  );
}
