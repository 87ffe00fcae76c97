import { join } from 'node:path';
import { startChildServer } from './child-server';
import type { EngineTarget } from './engine-target';
import { LoopbackClient, type LoadResult } from './http-load';
import { cpuMeter } from './server-cpu';
import { benchProduct, inParallel, loadMovements } from './movement-load';

const GATEWAY_SCRIPT = join(__dirname, '..', '..', '..', 'services', 'dist', 'main.js');
const MANAGER = { username: 'bench-manager', password: 'bench-manager-secret' };

/**
 * The real gateway (services/dist/main.js) in a child process on a fresh database, embedded
 * projections: sign in as the first manager, create the products through the API, then post movements.
 */
export async function benchGateway(
  target: EngineTarget,
  sizes: { clients: number; products: number; warmupSeconds: number; seconds: number },
): Promise<LoadResult> {
  const database = await target.fresh();
  try {
    const server = await startChildServer({
      script: GATEWAY_SCRIPT,
      env: {
        DATABASE_URL: '',
        ...database.env,
        PORT: '0',
        HOST: '127.0.0.1',
        ADMIN_USERNAME: MANAGER.username,
        ADMIN_PASSWORD: MANAGER.password,
        PROJECTIONS: 'embedded',
        WEB_DIST: '/nonexistent',
        EVENTSTORE_URL: '',
      },
      ready: /running at http:\/\/localhost:(\d+)/,
    });
    const client = new LoopbackClient(server.url, sizes.clients);
    const cpu = cpuMeter(server.pid, database.server);
    try {
      const login = await client.send({ method: 'POST', path: '/api/login', body: MANAGER });
      if (login.status !== 200 || !login.setCookie) throw new Error(`sign-in failed: ${login.status} ${login.text}`);
      const cookie = login.setCookie;
      const productIds = await inParallel(
        Array.from({ length: sizes.products }, (_, index) => index),
        sizes.clients,
        async (index) => {
          const created = await client.send({
            method: 'POST',
            path: '/api/products',
            cookie,
            body: benchProduct(index),
          });
          if (created.status !== 201) throw new Error(`product creation failed: ${created.status} ${created.text}`);
          return (JSON.parse(created.text) as { id: string }).id;
        },
      );
      return await loadMovements({ client, cookie, productIds, cpu, ...sizes });
    } finally {
      client.close();
      await cpu.close();
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
