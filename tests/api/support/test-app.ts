import { mkdtemp } from 'node:fs/promises';
import type { DestinationStream } from 'pino';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type AppConfig } from '../../../services/src/config';
import { startApp, type RunningApp } from '../../../services/src/gateway/create-app';
import { positionToString } from '@shop/infrastructure';
import { createScratchDatabase } from '../../support/test-database';
import { ApiClient } from './api-client';

export interface TestApp extends RunningApp {
  readonly managerPassword: string;
  readonly config: AppConfig;
  client(): ApiClient;
  signIn(username: string, password: string): Promise<ApiClient>;
  /**
   * Waits until the read models show every write committed so far (newestCommittedPosition, not the
   * settled head, which another database's open transaction on the same server holds back); false
   * when they did not get there within `timeoutMs`.
   */
  caughtUp(timeoutMs: number): Promise<boolean>;
  /** Everything a bad request must leave untouched: the event store head and each read model's rows. */
  snapshot(): Promise<Record<string, unknown>>;
}

const MANAGER_PASSWORD = 'manager-secret-1';

/**
 * The real gateway on a free port over a fresh database: PGlite in memory, or a scratch database
 * on the PostgreSQL server named by DATABASE_URL (created here, dropped on close).
 */
export async function startTestApp(
  overrides: Partial<AppConfig> = {},
  /** logTo: the app's JSON log lines go there (otherwise the app logs nothing). */
  options: { keepDatabase?: boolean; logTo?: DestinationStream } = {},
): Promise<TestApp> {
  const scratch =
    process.env.DATABASE_URL && !overrides.databaseUrl ? await createScratchDatabase(process.env.DATABASE_URL) : null;
  const config: AppConfig = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    databaseUrl: scratch?.url ?? overrides.databaseUrl,
    eventStoreUrl: process.env.EVENTSTORE_URL || undefined,
    admin: { username: 'manager', password: MANAGER_PASSWORD },
    webDist: '/nonexistent',
    mediaDir: await mkdtemp(join(tmpdir(), 'shop-media-')),
    ...overrides,
  };
  const running = await startApp(config, options.logTo ? { logDestination: options.logTo } : { logger: false });
  const knex = running.infrastructure.database.knex;
  const caughtUp = async (timeoutMs: number) => {
    const head = await running.infrastructure.eventStore.newestCommittedPosition();
    return head === null || running.infrastructure.runner.waitFor(head, timeoutMs);
  };
  return {
    ...running,
    managerPassword: MANAGER_PASSWORD,
    config,
    client: () => new ApiClient(running.url),
    async signIn(username, password) {
      const client = new ApiClient(running.url);
      await client.login(username, password);
      return client;
    },
    caughtUp,
    async snapshot() {
      const head = await running.infrastructure.eventStore.newestCommittedPosition();
      // Movements and sales answer before the read models apply them (read-your-writes is per session):
      // compare read models that have caught up with the head.
      if (head) await running.infrastructure.runner.waitFor(head, 10_000);
      const tables = ['products', 'product_ledger', 'users', 'settings', 'daily_rollup'];
      const counts = await Promise.all(tables.map(async (table) => (await knex(table).count({ n: '*' }))[0]?.n));
      const stock = await knex('products').select('id', 'current_stock').orderBy('id');
      return { head: head ? positionToString(head) : null, counts, stock };
    },
    async close() {
      await running.close();
      if (!options.keepDatabase) await scratch?.drop();
    },
  };
}
