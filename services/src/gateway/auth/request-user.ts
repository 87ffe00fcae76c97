import type { SessionUser } from '@shop/contracts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by SessionGuard (or the storefront's guard) once the session or token is resolved. */
    user?: SessionUser;
  }
}
