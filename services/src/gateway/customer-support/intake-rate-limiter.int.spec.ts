import { createTestDatabase, type TestDatabase } from '@shop/infrastructure';
import { IntakeRateLimiter } from './intake-rate-limiter';

describe('IntakeRateLimiter (database-backed)', () => {
  let test: TestDatabase;
  let clock = new Date('2025-03-10T10:00:00.000Z');
  const at = (minutes: number) => {
    clock = new Date(Date.parse('2025-03-10T10:00:00.000Z') + minutes * 60_000);
  };

  beforeAll(async () => {
    test = await createTestDatabase();
    await IntakeRateLimiter.migrate(test.database.knex);
    await IntakeRateLimiter.migrate(test.database.knex);
  });
  afterAll(() => test.drop());

  it('accepts 5 per client in any 10 minutes, sliding, and counts clients apart', async () => {
    const limiter = new IntakeRateLimiter(test.database.knex, { limit: 5, windowMs: 10 * 60_000 }, () => clock);
    const attempt = (client: string) => limiter.tryAcquire(client);
    for (const minute of [0, 1, 2, 3, 4]) {
      at(minute);
      expect(await attempt('203.0.113.1')).toBe(true);
    }
    at(5);
    expect(await attempt('203.0.113.1')).toBe(false);
    // The hit of minute 0 leaves the window at minute 10: 5 minutes from now.
    expect(await limiter.secondsUntilFree('203.0.113.1')).toBe(300);
    expect(await attempt('203.0.113.2')).toBe(true);
    // The window slides: the hit of minute 0 leaves it just after minute 10, one slot frees up.
    at(10);
    expect(await attempt('203.0.113.1')).toBe(true);
    expect(await attempt('203.0.113.1')).toBe(false);
    at(14.5);
    expect(await attempt('203.0.113.1')).toBe(true);
  });

  it('admits exactly the limit under concurrent attempts from two limiters (two gateways)', async () => {
    at(100);
    const rule = { limit: 5, windowMs: 10 * 60_000 };
    const gateways = [
      new IntakeRateLimiter(test.database.knex, rule, () => clock),
      new IntakeRateLimiter(test.database.knex, rule, () => clock),
    ];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) => gateways[index % 2]!.tryAcquire('198.51.100.7')),
    );
    expect(results.filter(Boolean)).toHaveLength(5);
  });
});
