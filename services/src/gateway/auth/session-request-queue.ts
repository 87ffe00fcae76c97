import { HttpException } from '@nestjs/common';
import { AUTH_MESSAGES, LIMITS } from '@shop/contracts';
import { TooManyRequests } from '../http/too-many-requests';

/** What the queue needs of a request's response (Node's ServerResponse): 'close' once answered or dropped. */
interface Closing {
  readonly closed: boolean;
  once(event: 'close', listener: () => void): unknown;
  off(event: 'close', listener: () => void): unknown;
}

interface SessionTurns {
  running: number;
  readonly waiting: (() => void)[];
}

export interface SessionRequestLimits {
  /** Requests of one session under way at once. */
  readonly running: number;
  /** Requests of one session waiting their turn; one more answers 429. */
  readonly waiting: number;
}

/**
 * Each session's requests take turns: at most `running` under way at once, the next ones waiting
 * in the order they came. PGlite serves every request over one connection, first come first served:
 * a session that sent dozens of costly reads at once would otherwise put them all in front of
 * everyone else's. Waiting, they stand in their own session's line, so another session's request
 * goes ahead of them; a burst is slowed, never refused (twenty tills' worth of stock outs still all
 * get their answer), up to `waiting` in line. A request is under way until its response is sent or
 * its connection closes, so a streamed download counts until its last byte.
 */
export class SessionRequestQueue {
  private readonly sessions = new Map<string, SessionTurns>();

  constructor(
    private readonly limits: SessionRequestLimits = {
      running: LIMITS.maxRequestsRunningPerSession,
      waiting: LIMITS.maxRequestsWaitingPerSession,
    },
  ) {}

  /** Resolves when the request's turn has come; 429 at once when its session's line is full. */
  async admit(sessionDigest: string, reply: Closing): Promise<void> {
    // Gone before its turn was even asked for: its 'close' has passed, so it must not take a place.
    if (reply.closed) throw new RequestAbandoned();
    const turns = this.sessions.get(sessionDigest) ?? { running: 0, waiting: [] };
    this.sessions.set(sessionDigest, turns);
    if (turns.running < this.limits.running) {
      turns.running += 1;
    } else {
      if (turns.waiting.length >= this.limits.waiting)
        throw new TooManyRequests(AUTH_MESSAGES.tooManyRequestsAtOnce, 1);
      await this.turnOf(turns, reply);
    }
    reply.once('close', () => this.done(sessionDigest, turns));
  }

  /** Waits in line; a request whose client went away meanwhile leaves the line and is not run. */
  private turnOf(turns: SessionTurns, reply: Closing): Promise<void> {
    return new Promise((resolve, reject) => {
      const gone = () => {
        turns.waiting.splice(turns.waiting.indexOf(turn), 1);
        reject(new RequestAbandoned());
      };
      const turn = () => {
        reply.off('close', gone);
        resolve();
      };
      turns.waiting.push(turn);
      reply.once('close', gone);
    });
  }

  /** A request finished: its place goes to the session's next waiting request, if any. */
  private done(sessionDigest: string, turns: SessionTurns): void {
    const next = turns.waiting.shift();
    if (next) return next();
    turns.running -= 1;
    if (turns.running === 0) this.sessions.delete(sessionDigest);
  }
}

/**
 * A request whose connection closed before its turn: nothing is run, and the answer (nginx's 499,
 * "client closed request") goes nowhere; not a server fault, so nothing is logged as one.
 */
export class RequestAbandoned extends HttpException {
  constructor() {
    super({ message: 'The request was abandoned by its client before its turn' }, 499);
  }
}
