import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { allProjections, ProjectionRunner, rebuildReadModels } from '@shop/projections';
import { openDatabase } from '@shop/infrastructure';
import { PostgresEventStore } from '@shop/infrastructure';
import { snapshotTables } from '../../projections/src/testing/projection-test-kit';
import { createScratchDatabase } from '../support/test-database';
import { ApiClient } from './support/api-client';
import { startChildServer, type ChildServer } from './support/child-server';

const PASSWORD = 'manager-secret-1';
const WRITERS = 6;
const MAX_WRITES_PER_WRITER = 60;
const CRASH_AFTER_ACKNOWLEDGED = 40;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface Ledger {
  /** Movement notes and sale ids a writer sent, answered or not. */
  readonly attemptedNotes: Set<string>;
  readonly attemptedSales: Set<string>;
  /** Those the server acknowledged (2xx): each must be stored exactly once. */
  readonly ackedNotes: Set<string>;
  readonly ackedSales: Set<string>;
}

/**
 * kill -9 of the real server in the middle of concurrent writes, then a restart on the same data
 * (same PGlite folder, or same PostgreSQL database): every acknowledged write is there exactly once,
 * none twice, stock equals the sum of its movements, and every read model equals a rebuild.
 */
describe('crash recovery', () => {
  it('keeps every acknowledged write exactly once after kill -9, and the read models equal a rebuild', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'shop-crash-'));
    const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
    const storage = scratch ? { databaseUrl: scratch.url } : { dataDir: join(folder, 'data') };
    const env = {
      ...(scratch ? { DATABASE_URL: scratch.url } : { DATA_DIR: storage.dataDir! }),
      ADMIN_USERNAME: 'manager',
      ADMIN_PASSWORD: PASSWORD,
      WEB_DIST: '/nonexistent',
      MEDIA_DIR: join(folder, 'media'),
    };
    const servers: ChildServer[] = [];
    try {
      const first = await startChildServer(env);
      servers.push(first);
      const manager = new ApiClient(first.url);
      await manager.login('manager', PASSWORD);
      const productIds: string[] = [];
      for (const index of [1, 2, 3]) {
        const { status, body } = await manager.post('/api/products', {
          name: `Crash Cream ${index}`,
          sku: `CRASH-${index}`,
          category: 'Skincare Products',
          price: '1000',
          currentStock: 10_000,
        });
        expect(status).toBe(201);
        productIds.push(body.id);
      }

      const ledger: Ledger = {
        attemptedNotes: new Set(),
        attemptedSales: new Set(),
        ackedNotes: new Set(),
        ackedSales: new Set(),
      };
      let crashed = false;
      const crash = () => {
        if (crashed) return;
        crashed = true;
        void first.crash();
      };
      await Promise.all(
        Array.from({ length: WRITERS }, (_, writer) =>
          writeUntilCrash(manager, writer, productIds, ledger, () => crashed, crash),
        ),
      );
      crash();
      await first.crash();
      const acknowledged = ledger.ackedNotes.size + ledger.ackedSales.size;
      expect(acknowledged).toBeGreaterThanOrEqual(CRASH_AFTER_ACKNOWLEDGED);
      // The kill cut writes in flight: sent, never answered.
      expect(ledger.attemptedNotes.size + ledger.attemptedSales.size).toBeGreaterThan(acknowledged);

      const second = await startChildServer(env);
      servers.push(second);
      const again = new ApiClient(second.url);
      await again.login('manager', PASSWORD);
      // A till retries a sale it got no answer for: recorded once, whatever the crash cut.
      for (const saleId of [...ledger.attemptedSales].filter((id) => !ledger.ackedSales.has(id))) {
        const retry = await again.post('/api/sales', saleBody(saleId, productIds[0]!));
        expect([200, 201]).toContain(retry.status);
        ledger.ackedSales.add(saleId);
      }
      const after = await again.post('/api/transactions', movementBody(productIds[1]!, 'after-restart', 'in'));
      expect(after.status).toBe(201);
      ledger.attemptedNotes.add('after-restart');
      ledger.ackedNotes.add('after-restart');
      await second.stop();

      const database = await openDatabase(storage);
      try {
        await verify(database.knex, ledger, productIds);
      } finally {
        await database.close();
      }
    } finally {
      for (const server of servers) await server.crash();
      await scratch?.drop();
      await rm(folder, { recursive: true, force: true });
    }
  }, 400_000);
});

const movementBody = (productId: string, note: string, type: 'in' | 'out') =>
  type === 'in'
    ? { productId, type, quantity: 2, unitPrice: '600', costPrice: '600', reason: 'purchase', notes: note }
    : { productId, type, quantity: 1, unitPrice: '1000', reason: 'sale', notes: note };

const saleBody = (saleId: string, productId: string) => ({
  saleId,
  items: [{ productId, quantity: 1 }],
  paymentMethod: 'cash',
  notes: `sale ${saleId}`,
});

/** One writer: stock movements and till sales with client sale ids, until the server dies under it. */
async function writeUntilCrash(
  client: ApiClient,
  writer: number,
  productIds: readonly string[],
  ledger: Ledger,
  crashed: () => boolean,
  crash: () => void,
): Promise<void> {
  // Writes on after the kill until a request of its own is cut: every writer ends with one unanswered write.
  for (let index = 0; index < MAX_WRITES_PER_WRITER; index++) {
    const productId = productIds[(writer + index) % productIds.length]!;
    const isSale = index % 3 === 2;
    const id = `w${writer}-${index}`;
    if (isSale) ledger.attemptedSales.add(`CASH-${id}`);
    else ledger.attemptedNotes.add(`note-${id}`);
    try {
      const response = isSale
        ? await client.post('/api/sales', saleBody(`CASH-${id}`, productId))
        : await client.post('/api/transactions', movementBody(productId, `note-${id}`, index % 2 === 0 ? 'in' : 'out'));
      if (response.status >= 200 && response.status < 300) {
        if (isSale) ledger.ackedSales.add(`CASH-${id}`);
        else ledger.ackedNotes.add(`note-${id}`);
      } else if (!crashed()) {
        throw new Error(`write ${id} answered ${response.status}: ${response.text}`);
      }
    } catch (error) {
      if (!crashed()) throw error;
      return;
    }
    if (ledger.ackedNotes.size + ledger.ackedSales.size >= CRASH_AFTER_ACKNOWLEDGED) crash();
  }
}

async function verify(knex: Knex, ledger: Ledger, productIds: readonly string[]): Promise<void> {
  const movements = await knex('events')
    .whereIn('type', ['StockReceived', 'StockIssued'])
    .select<
      { type: string; stream_id: string; data: { notes: string | null; quantity: number; saleId: string | null } }[]
    >('type', 'stream_id', 'data');
  const notes = countBy(movements.map((event) => event.data.notes ?? ''));
  for (const note of ledger.ackedNotes) expect([note, notes.get(note)]).toEqual([note, 1]);
  for (const note of ledger.attemptedNotes) expect([note, notes.get(note) ?? 0]).toEqual([note, expect.any(Number)]);
  for (const note of ledger.attemptedNotes) expect(notes.get(note) ?? 0).toBeLessThanOrEqual(1);

  const sales = countBy(
    (await knex('events').where({ type: 'SaleRecorded' }).select<{ stream_id: string }[]>('stream_id')).map(
      (row) => row.stream_id,
    ),
  );
  const saleLines = countBy(movements.flatMap((event) => (event.data.saleId ? [event.data.saleId] : [])));
  for (const saleId of ledger.ackedSales) expect([saleId, sales.get(`sale-${saleId}`)]).toEqual([saleId, 1]);
  for (const saleId of ledger.attemptedSales)
    expect([saleId, saleLines.get(saleId) ?? 0]).toEqual([saleId, sales.get(`sale-${saleId}`) ?? 0]);

  // Catch the read models up the way a restarted gateway does (from their checkpoints), then
  // compare them with a rebuild from the events.
  const eventStore = await PostgresEventStore.open(knex);
  const runner = new ProjectionRunner({ knex, eventStore, projections: allProjections, logger: quiet });
  await runner.start();
  const head = await eventStore.newestCommittedPosition();
  expect(head && (await runner.waitFor(head, 60_000))).toBe(true);
  await runner.stop();
  const tables = allProjections.flatMap((projection) => projection.tables);
  const live = await snapshotTables(knex, tables);

  const stock = await knex('products')
    .whereIn('id', productIds)
    .select<{ id: string; current_stock: number }[]>('id', 'current_stock');
  for (const { id, current_stock } of stock) {
    const delta = movements
      .filter((event) => event.stream_id === `product-${id}`)
      .reduce((sum, event) => sum + (event.type === 'StockReceived' ? event.data.quantity : -event.data.quantity), 0);
    expect([id, Number(current_stock)]).toEqual([id, 10_000 + delta]);
  }

  await rebuildReadModels({ knex, eventStore, projections: allProjections, logger: quiet });
  expect(await snapshotTables(knex, tables)).toEqual(live);
  await eventStore.close();
}

function countBy(values: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}
