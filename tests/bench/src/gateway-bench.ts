import { join } from 'node:path';
import { startChildServer } from './child-server';
import type { EngineTarget } from './engine-target';
import { LoopbackClient, type LoadResult } from './http-load';
import { cpuMeter } from './server-cpu';
import { benchProduct, inParallel, loadMovements, loadSales } from './movement-load';

const GATEWAY_SCRIPT = join(__dirname, '..', '..', '..', 'services', 'dist', 'main.js');
const MANAGER = { username: 'bench-manager', password: 'bench-manager-secret' };
/** Products the contended load is confined to. */
export const CONTENDED_PRODUCTS = 32;

export interface GatewayFigures {
  /** Movements on random products out of all of them, with the server's CPU per movement. */
  readonly movements: LoadResult;
  /** The same load confined to CONTENDED_PRODUCTS products. */
  readonly contended: LoadResult;
  /** 10-line sales (POST /api/sales). */
  readonly sales: LoadResult;
}

/**
 * The real gateway (services/dist/main.js) in a child process on a fresh database, embedded
 * projections: sign in as the first manager, create the products through the API, then post movements
 * (over every product, then over 32 of them), then 10-line sales.
 */
export async function benchGateway(
  target: EngineTarget,
  sizes: { clients: number; products: number; warmupSeconds: number; seconds: number },
): Promise<GatewayFigures> {
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
      const movements = await loadMovements({ client, cookie, productIds, cpu, ...sizes });
      const contended = await loadMovements({
        client,
        cookie,
        productIds: productIds.slice(0, CONTENDED_PRODUCTS),
        ...sizes,
      });
      const sales = await loadSales({ client, cookie, productIds, ...sizes });
      return { movements, contended, sales };
    } finally {
      client.close();
      await cpu.close();
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
