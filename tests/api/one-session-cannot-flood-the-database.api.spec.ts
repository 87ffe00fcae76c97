import { AUTH_MESSAGES, LIMITS } from '@shop/contracts';
import { startTestApp, type TestApp } from './support/test-app';
import type { ApiClient } from './support/api-client';

/**
 * PGlite has one connection for every request: a session that sends many costly reads at once must
 * not queue them all in front of everyone else (whose requests would wait for the pool and fail).
 * Past LIMITS.maxRequestsInFlightPerSession a session's request answers 429 at once, with its message.
 */
describe('one session cannot flood the database with requests at once', () => {
  let app: TestApp;
  let flooder: ApiClient;
  let colleague: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    flooder = await app.signIn('manager', app.managerPassword);
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
  afterAll(() => app.close());

  it('answers the requests past the limit 429 with a message and Retry-After, the rest 200, and another session is served', async () => {
    // The ledger is locked while the burst arrives, so the admitted requests stay under way (on PGlite
    // they wait for its one connection, on PostgreSQL for the lock) and the refusals cannot depend on speed.
    const burstSize = LIMITS.maxRequestsInFlightPerSession * 4;
    const knex = app.infrastructure.database.knex;
    expect((await flooder.get('/api/session')).status).toBe(200); // the session is known without a query
    let unlock!: () => void;
    const unlocked = new Promise<void>((resolve) => (unlock = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const lock = knex.transaction(async (trx) => {
      await trx.raw('lock table product_ledger in access exclusive mode');
      locked();
      await unlocked;
    });
    await isLocked;
    let refusedSoFar = 0;
    const burst = Array.from({ length: burstSize }, () =>
      flooder.get('/api/transactions').then((answer) => {
        if (answer.status === 429 && ++refusedSoFar === burstSize - LIMITS.maxRequestsInFlightPerSession) unlock();
        return answer;
      }),
    );
    const answers = await Promise.all(burst);
    unlock();
    await lock;
    const statuses = answers.map((answer) => answer.status);

    expect(statuses.filter((status) => status === 200)).toHaveLength(LIMITS.maxRequestsInFlightPerSession);
    expect(statuses.filter((status) => status === 429)).toHaveLength(burstSize - LIMITS.maxRequestsInFlightPerSession);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body).toEqual({ message: AUTH_MESSAGES.tooManyRequestsAtOnce });
    expect(refused.headers.get('retry-after')).toBe('1');
    expect((await colleague.get('/api/session')).status).toBe(200);
  });

  it('serves the session again once its requests are answered', async () => {
    const again = await Promise.all(
      Array.from({ length: LIMITS.maxRequestsInFlightPerSession }, () => flooder.get('/api/session')),
    );
    expect(again.map((answer) => answer.status)).toEqual(again.map(() => 200));
  });
});
