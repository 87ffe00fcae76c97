import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase } from '../support/test-database';
import { startTestApp } from './support/test-app';

/** Data survives a restart: the same folder (PGlite) or the same database (PostgreSQL) after a clean stop. */
describe('restart', () => {
  it('keeps products, stock, users and sessions-free sign-in after the gateway restarts', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'shop-restart-'));
    const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
    const storage = scratch ? { databaseUrl: scratch.url } : { dataDir: join(folder, 'data') };
    try {
      const first = await startTestApp(storage, { keepDatabase: true });
      const manager = await first.signIn('manager', first.managerPassword);
      const { body: product } = await manager.post('/api/products', {
        name: 'Argan Oil',
        sku: 'ARGAN-1',
        category: 'Hair Care Products',
        price: '4500',
        currentStock: 3,
      });
      await manager.post('/api/transactions', {
        productId: product.id,
        type: 'out',
        quantity: 1,
        unitPrice: '4500',
        reason: 'sale',
      });
      await manager.post('/api/users', { username: 'dayo', password: 'dayo-secret-1' });
      const before = await first.snapshot();
      await first.close();

      const second = await startTestApp(storage, { keepDatabase: true });
      try {
        expect(second.bootstrap).toBeNull();
        expect(await second.snapshot()).toEqual(before);
        const again = await second.signIn('dayo', 'dayo-secret-1');
        const products = (await again.get('/api/products')).body;
        expect(products).toEqual([expect.objectContaining({ sku: 'ARGAN-1', currentStock: 2 })]);
      } finally {
        await second.close();
      }
    } finally {
      await scratch?.drop();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
