import { EventEmitter } from 'node:events';
import { AUTH_MESSAGES } from '@shop/contracts';
import { TooManyRequests } from '../http/too-many-requests';
import { RequestAbandoned, SessionRequestQueue } from './session-request-queue';

/** A reply as the queue sees it: 'close' once answered or dropped. */
class Reply extends EventEmitter {
  closed = false;
  close() {
    this.closed = true;
    this.emit('close');
  }
}

/** Admits a request and records when its turn came. */
function request(queue: SessionRequestQueue, session: string, log: string[], name: string) {
  const reply = new Reply();
  const admitted = queue.admit(session, reply).then(
    () => void log.push(name),
    (error: unknown) => {
      log.push(`${name} refused`);
      throw error;
    },
  );
  return { reply, admitted };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('SessionRequestQueue', () => {
  it('runs a session’s first requests at once and the next in the order they came, as places free up', async () => {
    const queue = new SessionRequestQueue({ running: 2, waiting: 10 });
    const log: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => request(queue, 'one', log, name));
    await settle();
    expect(log).toEqual(['a', 'b']);
    b!.reply.close();
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
    a!.reply.close();
    await settle();
    expect(log).toEqual(['a', 'b', 'c', 'd']);
    await Promise.all([c!.admitted, d!.admitted]);
  });

  it('lets another session’s request go ahead of a session’s waiting ones', async () => {
    const queue = new SessionRequestQueue({ running: 1, waiting: 10 });
    const log: string[] = [];
    request(queue, 'flooder', log, 'f1');
    request(queue, 'flooder', log, 'f2');
    request(queue, 'flooder', log, 'f3');
    request(queue, 'colleague', log, 'c1');
    await settle();
    expect(log).toEqual(['f1', 'c1']);
  });

  it('refuses with 429 and its message once the session’s line is full, taking no place', async () => {
    const queue = new SessionRequestQueue({ running: 1, waiting: 2 });
    const log: string[] = [];
    const [first] = ['r1', 'w1', 'w2'].map((name) => request(queue, 'one', log, name));
    const refused = request(queue, 'one', log, 'w3');
    await expect(refused.admitted).rejects.toThrow(TooManyRequests);
    await expect(refused.admitted).rejects.toMatchObject({
      response: { message: AUTH_MESSAGES.tooManyRequestsAtOnce },
      retryAfterSeconds: 1,
    });
    first!.reply.close();
    await settle();
    expect(log).toEqual(['r1', 'w3 refused', 'w1']);
  });

  it('drops a waiting request whose client went away, and one already gone, without giving them a place', async () => {
    const queue = new SessionRequestQueue({ running: 1, waiting: 10 });
    const log: string[] = [];
    const running = request(queue, 'one', log, 'r1');
    const leaving = request(queue, 'one', log, 'w1');
    const staying = request(queue, 'one', log, 'w2');
    leaving.reply.close();
    await expect(leaving.admitted).rejects.toThrow(RequestAbandoned);
    const gone = new Reply();
    gone.closed = true;
    await expect(queue.admit('one', gone)).rejects.toThrow(RequestAbandoned);
    running.reply.close();
    await staying.admitted;
    expect(log).toEqual(['r1', 'w1 refused', 'w2']);
    // Every place is given back: once w2 is answered, the session starts from nothing.
    staying.reply.close();
    const [x, y] = ['x', 'y'].map((name) => request(queue, 'one', log, name));
    await settle();
    expect(log.slice(-1)).toEqual(['x']);
    x!.reply.close();
    await y!.admitted;
  });
});
