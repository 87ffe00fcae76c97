import type { FastifyReply } from 'fastify';
import { AUTH_MESSAGES, LIMITS } from '@shop/contracts';
import { TooManyRequests } from '../http/too-many-requests';

/**
 * Requests each session has under way, by session digest. PGlite serves every request over one
 * connection, first come first served: a session that sent dozens of costly reads at once would put
 * them all in front of everyone else's (whose requests then wait past the pool timeout). A request is
 * under way until its response is sent or its connection closes, so a streamed download counts until
 * its last byte.
 */
export class SessionRequestsInFlight {
  private readonly counts = new Map<string, number>();

  constructor(private readonly limit = LIMITS.maxRequestsInFlightPerSession) {}

  /** Counts the request against its session until `reply` closes; 429 at once when the session is at the limit. */
  admit(sessionDigest: string, reply: FastifyReply): void {
    const count = this.counts.get(sessionDigest) ?? 0;
    if (count >= this.limit) throw new TooManyRequests(AUTH_MESSAGES.tooManyRequestsAtOnce, 1);
    this.counts.set(sessionDigest, count + 1);
    reply.raw.once('close', () => {
      const left = (this.counts.get(sessionDigest) ?? 1) - 1;
      if (left > 0) this.counts.set(sessionDigest, left);
      else this.counts.delete(sessionDigest);
    });
  }
}
