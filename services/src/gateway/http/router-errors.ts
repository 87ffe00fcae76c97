import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_ID_HEADER } from './request-logging';
import type { SecurityHeadersMiddleware } from './security-headers';

/** An address whose path has a malformed %-escape: the same answer the storable-input check gives. */
export const MALFORMED_ADDRESS = 'The address is not valid: it has a malformed %-escape';

/**
 * What the router answers before any route or hook runs: a path with a malformed %-escape in a
 * parameter (400), a parameter longer than maxParamLength (404, it names nothing). JSON `{ message }`,
 * with the security headers every other answer has (they come before the hook that sets them).
 */
export function routerErrors(setSecurityHeaders: SecurityHeadersMiddleware) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    const badUrl = error.code === 'FST_ERR_BAD_URL';
    setSecurityHeaders(request.raw, reply.raw, () => undefined);
    void reply
      .header(REQUEST_ID_HEADER, request.id)
      .status(badUrl ? 400 : 404)
      .send({ message: badUrl ? MALFORMED_ADDRESS : 'Not found' });
  };
}
