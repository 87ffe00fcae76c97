import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../services/src/config';
import { startApp } from '../../services/src/gateway/create-app';

/**
 * Every `METHOD /path` the real gateway's Express router serves, started on embedded data in a
 * scratch folder (as `collectRoutes` configures it); the request logger's catch-all is middleware.
 */
export async function servedRoutes(): Promise<string[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-docs-'));
  const config = {
    ...loadConfig({}),
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    eventStoreUrl: undefined,
    admin: { username: 'manager', password: 'docs-generator-1' },
    webDist: '/nonexistent',
    mediaDir: join(dataDir, 'media'),
  };
  const running = await startApp(config, { logger: false });
  try {
    const instance = running.app.getHttpAdapter().getInstance() as {
      router: { stack: Array<{ route?: { path: unknown; methods: Record<string, boolean> } }> };
    };
    const routes = new Set<string>();
    for (const layer of instance.router.stack) {
      if (!layer.route || typeof layer.route.path !== 'string' || layer.route.path.includes('*')) continue;
      for (const method of Object.keys(layer.route.methods)) routes.add(`${method.toUpperCase()} ${layer.route.path}`);
    }
    return [...routes].sort();
  } finally {
    await running.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
