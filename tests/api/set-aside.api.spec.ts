import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runRebuildCli } from '../../projections/src/rebuild.cli';
import { runSetAsideCli } from '../../projections/src/set-aside.cli';
import { newEvent } from '../support/event-fixtures';
import { createScratchDatabase } from '../support/test-database';
import { startTestApp } from './support/test-app';

const stockIn = (productId: string, quantity: number) => ({
  productId,
  type: 'in',
  quantity,
  unitPrice: '2500.00',
  costPrice: '1800.00',
  totalValue: (quantity * 2500).toFixed(2),
  reason: 'purchase',
  sellerName: 'manager',
  notes: '',
});

/**
 * A poisoned event (valid for the contract, refused by the read models: a total beyond their
 * numeric columns, as recorded before the domain had limits) is set aside by the projections that
 * cannot store it; every later write is visible, health says degraded, the operator command lists
 * it and reports it still failing on retry, and a rebuild reaches the same outcome.
 */
describe('set-aside events over HTTP and the operator commands', () => {
  it('keeps the ledger going past a poisoned event and shows it to managers and operators', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'shop-set-aside-'));
    const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
    const storage = scratch ? { databaseUrl: scratch.url } : { dataDir: join(folder, 'data') };
    const env = scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: join(folder, 'data') };
    try {
      const app = await startTestApp(storage, { keepDatabase: true });
      let productId: string;
      let poisonedAt: string;
      let stream: string;
      try {
        const manager = await app.signIn('manager', app.managerPassword);
        expect((await app.client().get('/api/health')).body).toEqual({ status: 'ok' });
        const { status, body: product } = await manager.post('/api/products', {
          name: 'Rose Water',
          sku: 'ROSE-1',
          category: 'Body Care',
          price: '2500',
          currentStock: 0,
        });
        expect(status).toBe(201);
        productId = product.id;
        stream = `product-${productId}`;
        const first = await manager.post('/api/transactions', stockIn(productId, 2));
        expect(first.status).toBe(201);

        const poisoned = await app.infrastructure.eventStore.append(
          stream,
          [
            newEvent('StockReceived', {
              productId,
              movementId: randomUUID(),
              quantity: 1001,
              reason: 'purchase',
              unitPrice: '99999.99',
              costPrice: '99999.99',
              totalValue: `${'9'.repeat(30)}.99`,
              sellerName: 'manager',
              notes: 'Private note for Ada',
              saleId: null,
            }),
          ],
          'any',
        );
        poisonedAt = `${poisoned.position.commit}:${poisoned.position.prepare}`;

        // Later writes through HTTP are answered and visible: the ledger projection kept going.
        const later = await manager.post('/api/transactions', stockIn(productId, 3));
        expect(later.status).toBe(201);
        expect(later.body).toMatchObject({ productId, quantity: 3, type: 'in' });
        const history = (await manager.get('/api/transactions')).body.filter(
          (row: { productId: string }) => row.productId === productId,
        );
        expect(history.map((row: { quantity: number }) => row.quantity)).toEqual([3, 2]);
        const products = (await manager.get('/api/products')).body;
        expect(products).toEqual([expect.objectContaining({ id: productId, currentStock: 2 + 1001 + 3 })]);

        const health = await app.client().get('/api/health');
        expect(health.status).toBe(200);
        expect(health.body).toEqual({
          status: 'degraded',
          projections: [{ name: 'stock_ledger', setAside: 1 }],
        });
        expect(JSON.stringify(health.body)).not.toContain('Ada');
      } finally {
        await app.close();
      }

      // The operator command, on the stopped app's data.
      const listed: string[] = [];
      expect(await runSetAsideCli(['list'], env, (line) => listed.push(line))).toBe(0);
      expect(listed[0]).toBe('1 set-aside event(s): position  projection  stream  type  since  attempts  error');
      for (const projection of ['stock_ledger']) {
        expect(listed).toContainEqual(
          expect.stringMatching(
            new RegExp(
              `^  ${poisonedAt}  ${projection}  ${stream}  StockReceived  \\d{4}-\\d\\d-\\d\\dT\\S+Z  1  numeric field overflow`,
            ),
          ),
        );
      }
      expect(listed.join('\n')).not.toContain('Ada');

      const retried: string[] = [];
      expect(await runSetAsideCli(['retry', '--projection', 'stock_ledger'], env, (line) => retried.push(line))).toBe(
        1,
      );
      expect(retried).toEqual([
        'Retried 1 set-aside event(s)',
        expect.stringMatching(
          new RegExp(`^  still failing: ${poisonedAt}  stock_ledger  ${stream}  StockReceived: numeric field overflow`),
        ),
      ]);

      // A rebuild over the same events succeeds and sets the same event aside.
      const rebuilt: string[] = [];
      await runRebuildCli([], env, (line) => rebuilt.push(line));
      expect(rebuilt.join('\n')).toMatch(/stock_ledger: \d+ events projected; rows: product_ledger 3, .*; 1 set aside/);
      await expect(runSetAsideCli(['purge'], env)).rejects.toThrow(/Unknown argument purge/);
      await expect(runSetAsideCli(['retry', '--projection', 'nope'], env)).rejects.toThrow(/Unknown projection nope/);
    } finally {
      await scratch?.drop();
      await rm(folder, { recursive: true, force: true });
    }
    // Two app data opens, a rebuild and three commands: slow on a busy machine.
  }, 300_000);
});
