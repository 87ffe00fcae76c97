import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../services/src/config';
import { startApp } from '../../services/src/gateway/create-app';

/** Routes from Fastify's printed route tree: each line a path segment under its parent, with its methods. */
export function routesOfTree(tree: string): string[] {
  const routes = new Set<string>();
  const parents: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (parents[depth - 1] ?? '') + match[2]!;
    parents[depth] = path;
    parents.length = depth + 1;
    if (!match[3] || path.includes('*')) continue;
    // HEAD is Fastify's automatic twin of each GET, not a route of ours.
    for (const method of match[3].split(', ')) if (method !== 'HEAD') routes.add(`${method} ${path}`);
  }
  return [...routes].sort();
}

/**
 * Every `METHOD /path` the real gateway's Fastify router serves, started on embedded data in a
 * scratch folder (as `collectRoutes` configures it); the web app's catch-all is left out.
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
      printRoutes(options: { commonPrefix: boolean }): string;
    };
    return routesOfTree(instance.printRoutes({ commonPrefix: false }));
  } finally {
    await running.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
