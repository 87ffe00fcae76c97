import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../../api/support/test-app';
import type { ApiClient } from '../../api/support/api-client';

export const WEB_DIST = resolve(__dirname, '../../../web/dist');
export const SCREENSHOT_DIR = resolve(__dirname, '../screenshots');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const MANAGER = { username: 'manager', password: 'manager-secret-1' } as const;

export interface BrowserApp {
  readonly app: TestApp;
  /** The gateway's origin as the browser sees it (127.0.0.1: the gateway listens on IPv4 only). */
  readonly baseUrl: string;
  readonly browser: Browser;
  /** The manager's API session, for set-up and for reading what the server says. */
  readonly manager: ApiClient;
  /** A fresh, isolated browser profile (cookies, localStorage) at the given width. */
  newPage(width: number): Promise<{ context: BrowserContext; page: Page }>;
  close(): Promise<void>;
}

/**
 * The real gateway (PGlite in memory, or a scratch database on DATABASE_URL) serving the built web
 * app, and a headless Chromium. The app must be built first (`npm run test:browser` does it).
 */
export async function startBrowserApp(): Promise<BrowserApp> {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    throw new Error(`${WEB_DIST}/index.html is missing: build the web app first (npm run build)`);
  }
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  }
  await mkdir(SCREENSHOT_DIR, { recursive: true });

  const webCopy = await snapshotWebDist();
  let app: TestApp;
  try {
    // As behind a proxy on loopback: the support-form spec names each customer's address in X-Forwarded-For.
    app = await startTestApp({ webDist: webCopy, admin: { ...MANAGER }, trustProxy: ['loopback'] });
  } catch (error) {
    await rm(webCopy, { recursive: true, force: true });
    throw error;
  }
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  } catch (error) {
    await app.close();
    await rm(webCopy, { recursive: true, force: true });
    throw error;
  }
  const baseUrl = app.url.replace('//localhost:', '//127.0.0.1:');
  const manager = await app.signIn(MANAGER.username, MANAGER.password);
  const contexts: BrowserContext[] = [];

  return {
    app,
    baseUrl,
    browser,
    manager,
    async newPage(width) {
      // Each context is its own temporary profile: no cookie or localStorage leaks between tests.
      const context = await browser.newContext({
        baseURL: baseUrl,
        viewport: { width, height: width < 768 ? 812 : 900 },
        deviceScaleFactor: 1,
        locale: 'en-NG',
        timezoneId: 'Africa/Lagos',
      });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.error(`[browser pageerror] ${error.message}`));
      return { context, page };
    },
    async close() {
      await Promise.allSettled(contexts.map((context) => context.close()));
      await browser.close().catch(() => undefined);
      await app.close();
      await rm(webCopy, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the app before the enclosing describe block's tests (register it first, so later beforeAll
 * hooks can use it) and closes it after them. The handle reads through to the running app.
 */
export function useBrowserApp(): BrowserApp {
  let started: BrowserApp | undefined;
  beforeAll(async () => {
    started = await startBrowserApp();
  });
  afterAll(() => started?.close());
  const running = (): BrowserApp => {
    if (!started) throw new Error('the browser app runs only inside hooks and tests of its describe block');
    return started;
  };
  return {
    get app() {
      return running().app;
    },
    get baseUrl() {
      return running().baseUrl;
    },
    get browser() {
      return running().browser;
    },
    get manager() {
      return running().manager;
    },
    newPage: (width) => running().newPage(width),
    close: () => running().close(),
  };
}

/**
 * A private copy of web/dist for this run. The working tree is shared: a `vite build` elsewhere
 * empties and rewrites web/dist, and a page served from it mid-run would then fail to load its
 * lazy chunks. A copy is taken only when every chunk the build references is present (so never
 * halfway through someone's build); until then it waits for that build to finish.
 */
async function snapshotWebDist(timeoutMs = 180_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const copy = await mkdtemp(join(tmpdir(), 'glow-web-dist-'));
    try {
      await cp(WEB_DIST, copy, { recursive: true });
      const missing = await missingAssets(copy);
      if (missing.length === 0) return copy;
      if (Date.now() > deadline) throw new Error(`web/dist stays incomplete: ${missing.slice(0, 5).join(', ')}`);
    } catch (error) {
      if (Date.now() > deadline) {
        await rm(copy, { recursive: true, force: true });
        throw error;
      }
    }
    await rm(copy, { recursive: true, force: true });
    await delay(1_000);
  }
}

/** Asset file names that index.html or a chunk refers to but the folder lacks. */
async function missingAssets(root: string): Promise<string[]> {
  const assets = new Set(await readdir(join(root, 'assets')));
  const sources = [
    join(root, 'index.html'),
    ...[...assets].filter((name) => /\.(js|css)$/.test(name)).map((name) => join(root, 'assets', name)),
  ];
  const referenced = new Set<string>();
  for (const source of sources) {
    const text = await readFile(source, 'utf8');
    for (const match of text.matchAll(/(?:\.\/|\/assets\/|assets\/)([\w.-]+\.(?:js|css))\b/g))
      referenced.add(match[1]!);
  }
  if (referenced.size === 0) return ['index.html refers to no assets'];
  return [...referenced].filter((name) => !assets.has(name));
}

/** Unique per call, for SKUs and usernames: tests sharing one app never collide. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1296)
    .toString(36)
    .padStart(2, '0')}`.toUpperCase();
}
