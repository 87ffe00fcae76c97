import { setTimeout as pause } from 'node:timers/promises';
import { AUTH_MESSAGES, LIMITS } from '@shop/contracts';
import type { ApiClient } from './support/api-client';
import { useTestApp } from './support/use-test-app';

const RUNNING = LIMITS.maxRequestsRunningPerSession;
const WAITING = LIMITS.maxRequestsWaitingPerSession;

/**
 * PGlite has one connection for every request: a session that sends many costly reads at once must
 * not put them all in front of everyone else's. Past LIMITS.maxRequestsRunningPerSession a session's
 * requests wait their turn in its own line, so another session's request goes ahead of them; the
 * burst is still answered in full, and only past LIMITS.maxRequestsWaitingPerSession in line is a
 * request refused (429).
 */
describe('one session cannot flood the database with requests at once', () => {
  const app = useTestApp();
  let flooder: ApiClient;
  let colleague: ApiClient;

  beforeAll(async () => {
    flooder = app.manager;
    colleague = await app.signIn('manager', app.managerPassword);
    const ids: string[] = [];
    for (let index = 0; index < 100; index++) {
      const created = await flooder.post('/api/products', {
        name: `Flood Serum ${index}`,
        sku: `FLOOD-${index}`,
        category: 'Skincare Products',
        price: '10.00',
        currentStock: 1000,
      });
      expect(created.status).toBe(201);
      ids.push(created.body.id);
    }
    for (let sale = 0; sale < 10; sale++) {
      const sold = await flooder.post('/api/sales', {
        saleId: `CASH-FLOOD-${sale}`,
        items: ids.map((productId) => ({ productId, quantity: 1 })),
        paymentMethod: 'cash',
      });
      expect(sold.status).toBe(201);
    }
    expect(await app.caughtUp(60_000)).toBe(true);
  }, 300_000);

  /**
   * Holds an exclusive lock on the ledger until the returned function is called. On PGlite the lock's
   * transaction holds its one connection, so every request under way waits for the database and
   * requests sent meanwhile all reach the server and take their places in line before any of them
   * can be answered; on PostgreSQL only what touches the ledger waits.
   */
  async function lockTheLedger(): Promise<() => Promise<void>> {
    let unlock!: () => void;
    const unlocked = new Promise<void>((resolve) => (unlock = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const lock = app.infrastructure.database.knex.transaction(async (trx) => {
      await trx.raw('lock table product_ledger in access exclusive mode');
      locked();
      await unlocked;
    });
    await isLocked;
    // The same promise on every call: calling it twice is harmless.
    return () => {
      unlock();
      return lock;
    };
  }

  it("answers all of a 64-request burst, and another session's request sent after it ahead of its last requests", async () => {
    // Under load a server takes its time to accept 65 connections, and the burst's first requests
    // would be answered before its last ones even arrived. With the database held, none is answered
    // until the whole burst is in: RUNNING of it under way, the rest waiting in the session's line,
    // and then the colleague's request, sent after it.
    const unlock = await lockTheLedger();
    const order: string[] = [];
    const burst = Array.from({ length: RUNNING * 4 }, () =>
      flooder.get('/api/transactions').then((answer) => {
        order.push('flooder');
        return answer;
      }),
    );
    await pause(1_000);
    const other = colleague.get('/api/transactions').then((answer) => {
      order.push('colleague');
      return answer;
    });
    await pause(500);
    await unlock();
    const answers = await Promise.all(burst);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect((await other).status).toBe(200);
    // In one line with the burst it would come last; in its own it waits for at most the burst's
    // running requests, never for the burst's waiting ones. On PGlite's single connection, served
    // first come first served. A PostgreSQL pool runs requests side by side, so there the order of
    // answers says nothing about the line.
    const after = order.length - 1 - order.indexOf('colleague');
    if (!process.env.DATABASE_URL) expect(after).toBeGreaterThanOrEqual(RUNNING);
  });

  it('refuses with 429, its message and Retry-After only the requests past a full line, answering the rest', async () => {
    // The ledger is locked while the burst arrives, so the admitted requests stay under way (on PGlite
    // they wait for its one connection, on PostgreSQL for the lock) and the refusals cannot depend on speed.
    const extra = 8;
    const burstSize = RUNNING + WAITING + extra;
    const unlock = await lockTheLedger();
    // Longer than a gateway trusts a confirmed session without asking the database (a slow machine
    // takes that long between two requests): the line is full before the session is looked up, so
    // the refusals must not need the database that PGlite's one connection is held away from.
    await pause(1_500);
    let refusedSoFar = 0;
    const burst = Array.from({ length: burstSize }, () =>
      flooder.get('/api/transactions').then((answer) => {
        if (answer.status === 429 && ++refusedSoFar === extra) void unlock();
        return answer;
      }),
    );
    const answers = await Promise.all(burst);
    await unlock();
    const statuses = answers.map((answer) => answer.status);

    expect(statuses.filter((status) => status === 429)).toHaveLength(extra);
    expect(statuses.filter((status) => status === 200)).toHaveLength(RUNNING + WAITING);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body).toEqual({ message: AUTH_MESSAGES.tooManyRequestsAtOnce });
    expect(refused.headers.get('retry-after')).toBe('1');
  }, 120_000);

  it('serves the session again once its requests are answered', async () => {
    const again = await Promise.all(Array.from({ length: RUNNING }, () => flooder.get('/api/session')));
    expect(again.map((answer) => answer.status)).toEqual(again.map(() => 200));
  });
});
