import type { AppConfig } from '../../../services/src/config';
import type { ApiClient } from './api-client';
import { startTestApp, type TestApp } from './test-app';

export interface UsedTestApp extends TestApp {
  /** The manager's session, signed in right after the app started. */
  readonly manager: ApiClient;
}

/** Overrides known when the spec is read, or made once the tests start (a fake web folder, an SMTP sink's url). */
type Overrides = Partial<AppConfig> | (() => Partial<AppConfig> | Promise<Partial<AppConfig>>);

/**
 * Starts the app (and signs the manager in, unless `signInManager: false`) before the enclosing
 * describe block's tests, and closes it after them. Register it first, so later beforeAll hooks can
 * use it. The handle reads through to the running app.
 */
export function useTestApp(
  overrides: Overrides = {},
  options: Parameters<typeof startTestApp>[1] & { signInManager?: boolean } = {},
): UsedTestApp {
  const { signInManager = true, ...startOptions } = options;
  let started: TestApp | undefined;
  let manager: ApiClient | undefined;
  beforeAll(async () => {
    started = await startTestApp(typeof overrides === 'function' ? await overrides() : overrides, startOptions);
    if (signInManager) manager = await started.signIn('manager', started.managerPassword);
  });
  afterAll(() => started?.close());
  const running = (): TestApp => {
    if (!started) throw new Error('the test app runs only inside hooks and tests of its describe block');
    return started;
  };
  return {
    get app() {
      return running().app;
    },
    get infrastructure() {
      return running().infrastructure;
    },
    get url() {
      return running().url;
    },
    get bootstrap() {
      return running().bootstrap;
    },
    get managerPassword() {
      return running().managerPassword;
    },
    get config() {
      return running().config;
    },
    get manager() {
      running();
      if (!manager) throw new Error('no manager session: useTestApp was given signInManager: false');
      return manager;
    },
    client: () => running().client(),
    signIn: (username, password) => running().signIn(username, password),
    caughtUp: (timeoutMs) => running().caughtUp(timeoutMs),
    snapshot: () => running().snapshot(),
    close: () => running().close(),
  };
}
