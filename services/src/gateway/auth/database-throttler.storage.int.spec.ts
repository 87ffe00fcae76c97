import { createTestDatabase, type TestDatabase } from '@shop/infrastructure';
import { DatabaseThrottlerStorage } from './database-throttler.storage';

describe('DatabaseThrottlerStorage (@nestjs/throttler storage in the database)', () => {
  let test: TestDatabase;
  let clock = new Date('2025-03-10T10:00:00.000Z');
  const at = (minutes: number) => {
    clock = new Date(Date.parse('2025-03-10T10:00:00.000Z') + minutes * 60_000);
  };
  const WINDOW = 15 * 60_000;

  beforeAll(async () => {
    test = await createTestDatabase();
    await DatabaseThrottlerStorage.migrate(test.database.knex);
    await DatabaseThrottlerStorage.migrate(test.database.knex);
  });
  afterAll(() => test.drop());

  it('counts hits per key in a sliding window, refuses at the limit without counting, and takes refunds', async () => {
    const storage = new DatabaseThrottlerStorage(test.database.knex, () => clock);
    const hit = (key: string) => storage.increment(key, WINDOW, 3, 0, 'account');
    for (const minute of [0, 1, 2]) {
      at(minute);
      expect(await hit('account:ada')).toMatchObject({ totalHits: minute + 1, isBlocked: false });
    }
    at(5);
    // The hit of minute 0 leaves the window at minute 15: 10 minutes from now.
    expect(await hit('account:ada')).toMatchObject({ isBlocked: true, timeToBlockExpire: 600 });
    expect(await hit('account:bola')).toMatchObject({ totalHits: 1, isBlocked: false });
    // A refund frees a slot at once; a refused hit took none.
    await storage.refund('account:ada');
    expect(await hit('account:ada')).toMatchObject({ totalHits: 3, isBlocked: false });
    expect(await hit('account:ada')).toMatchObject({ isBlocked: true });
    at(15);
    expect(await hit('account:ada')).toMatchObject({ isBlocked: false });
  });

  it('admits exactly the limit under concurrent hits from two storages (two gateways)', async () => {
    at(100);
    const gateways = [
      new DatabaseThrottlerStorage(test.database.knex, () => clock),
      new DatabaseThrottlerStorage(test.database.knex, () => clock),
    ];
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        gateways[index % 2]!.increment('client:198.51.100.7', WINDOW, 5, 0, 'client'),
      ),
    );
    expect(results.filter((result) => !result.isBlocked)).toHaveLength(5);
  });

  it('refuses a block duration: its window is the block', async () => {
    const storage = new DatabaseThrottlerStorage(test.database.knex, () => clock);
    await expect(storage.increment('x', WINDOW, 5, WINDOW, 'client')).rejects.toThrow(/blockDuration: 0/);
  });
});
