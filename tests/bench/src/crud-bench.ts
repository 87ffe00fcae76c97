import { join } from 'node:path';
import { startChildServer } from './child-server';
import type { EngineTarget } from './engine-target';
import { LoopbackClient, type LoadResult } from './http-load';
import { cpuMeter } from './server-cpu';
import { loadMovements } from './movement-load';

const CRUD_SCRIPT = join(__dirname, 'crud-server.js');

/** The naive CRUD baseline (crud-server.ts) under the same load as the gateway. */
export async function benchCrudBaseline(
  target: EngineTarget,
  sizes: { clients: number; products: number; warmupSeconds: number; seconds: number },
): Promise<LoadResult> {
  const database = await target.fresh();
  try {
    const server = await startChildServer({
      script: CRUD_SCRIPT,
      env: { DATABASE_URL: '', DATA_DIR: '', ...database.env },
      ready: /listening on 127\.0\.0\.1:(\d+)/,
    });
    const client = new LoopbackClient(server.url, sizes.clients);
    const cpu = cpuMeter(server.pid, database.server);
    try {
      const seeded = await client.send({ method: 'POST', path: '/bench/seed', body: { count: sizes.products } });
      if (seeded.status !== 201) throw new Error(`seeding the CRUD baseline failed: ${seeded.status} ${seeded.text}`);
      const { cookie, productIds } = JSON.parse(seeded.text) as { cookie: string; productIds: string[] };
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
