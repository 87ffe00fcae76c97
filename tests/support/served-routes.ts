import type { INestApplication } from '@nestjs/common';
import { routesOfTree } from '../../scripts/docs/served-routes';

/** Every `METHOD /path` a running gateway serves (Fastify's router; HEAD twins and the web app's catch-all left out). */
export function servedRoutesOf(app: INestApplication): Array<{ method: string; path: string }> {
  const instance = app.getHttpAdapter().getInstance() as { printRoutes(options: { commonPrefix: boolean }): string };
  return routesOfTree(instance.printRoutes({ commonPrefix: false })).map((route) => {
    const [method = '', path = ''] = route.split(' ');
    return { method, path };
  });
}
