import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import {
  comparePositions,
  PostgresEventStore,
  type EventStore,
  type GlobalPosition,
  type NewEvent,
  readUntil,
} from '@shop/infrastructure';
import { allProjections } from '../all-projections';
import { getDashboardMetrics } from '../dashboard/get-dashboard-metrics.query';
import { listProducts } from '../products/list-products.query';
import { productsProjection } from '../products/products.projection';
import { defineProjection } from '../shared/projection';
import {
  newEvent,
  openReadModelDatabase,
  productCreated,
  snapshotTables,
  spyOnProject,
  stockIssued,
  stockReceived,
} from '../testing/projection-test-kit';
import { listTransactions } from '../transactions/list-transactions.query';
import { ProjectionRunner } from './projection-runner';
import { rebuildReadModels } from './rebuild-read-models';
import { CheckpointWatch } from './checkpoint-watch';
import { readCheckpoints } from './checkpoint.store';
import { listSetAside } from './set-aside.store';
import { CopyPipeline } from './copy-pipeline';

const quiet = { info: () => undefined, warn: jest.fn(), error: jest.fn() };
const allTables = allProjections.flatMap((projection) => projection.tables);

/** A small shop day: products, receipts, sales over two Lagos days, users, a setting, a deletion. */
function shopHistory(round: number): { streamId: string; events: NewEvent[] }[] {
  const at = (minute: number) => new Date(Date.UTC(2025, 2, 10, 22, 50 + minute + round * 7)).toISOString();
  const cream = productCreated({ name: `Cream ${round}`, openingStock: 20, minStockLevel: 3 });
  const soap = productCreated({
    name: `Soap ${round}`,
    price: '250.00',
    costPrice: null,
    openingStock: 4,
    minStockLevel: 5,
  });
  const userId = randomUUID();
  return [
    { streamId: `product-${cream.productId}`, events: [newEvent('ProductCreated', cream, at(0))] },
    { streamId: `product-${soap.productId}`, events: [newEvent('ProductCreated', soap, at(0))] },
    {
      streamId: `product-${cream.productId}`,
      events: [
        newEvent('StockReceived', stockReceived(cream.productId, 5, { costPrice: '1100.00' }), at(1)),
        newEvent(
          'StockIssued',
          stockIssued(cream.productId, 2, '1500.00', { costPrice: '1100.00', saleId: `CASH-${round}` }),
          at(2),
        ),
        newEvent('StockIssued', stockIssued(cream.productId, 1, '1500.00', { reason: 'waste' }), at(3)),
      ],
    },
    {
      streamId: `product-${soap.productId}`,
      events: [
        newEvent('StockIssued', stockIssued(soap.productId, 3, '250.00'), at(4)),
        newEvent('ProductDeleted', { productId: soap.productId }, at(5)),
      ],
    },
    {
      streamId: `user-${userId}`,
      events: [
        newEvent(
          'UserCreated',
          { userId, username: `clerk${round}`, passwordHash: 'h', role: 'assistant', permissions: {}, isActive: true },
          at(1),
        ),
        newEvent('UserSignedIn', { userId }, at(2)),
      ],
    },
    {
      streamId: 'settings',
      events: [
        newEvent(
          'SettingChanged',
          { key: 'page_permissions', value: { assistant: { sales: round % 2 === 0 } }, description: null },
          at(3),
        ),
      ],
    },
    // A type this reader does not know: skipped with a warning, never fatal.
    {
      streamId: `future-${round}`,
      events: [
        {
          type: 'LoyaltyPointsEarned',
          schemaVersion: 1,
          data: { points: 5 },
          metadata: { actorId: null, actorName: 'x', at: at(4) },
        },
      ],
    },
  ];
}

async function appendAll(eventStore: EventStore, appends: ReturnType<typeof shopHistory>): Promise<GlobalPosition> {
  let last: GlobalPosition | null = null;
  for (const { streamId, events } of appends) last = (await eventStore.append(streamId, events, 'any')).position;
  if (!last) throw new Error('nothing appended');
  return last;
}

async function indexNames(knex: Knex): Promise<string[]> {
  const result = await knex.raw<{ rows: { indexname: string }[] }>(
    `select indexname from pg_indexes where schemaname = current_schema() and tablename in (${allTables.map(() => '?').join(', ')}) order by 1`,
    allTables,
  );
  return result.rows.map((row) => row.indexname);
}

describe('projection runner and rebuild', () => {
  let db: Awaited<ReturnType<typeof openReadModelDatabase>>;
  let knex: Knex;
  let eventStore: PostgresEventStore;
  beforeAll(async () => {
    db = await openReadModelDatabase();
    knex = db.knex;
    eventStore = await PostgresEventStore.open(knex);
  });
  afterAll(async () => {
    await eventStore.close();
    await db.drop();
  });

  it('projects live appends, waits for them, and a rebuild reproduces the same tables', async () => {
    const runner = new ProjectionRunner({ batchSize: 4, logger: quiet, retryDelaysMs: [] });
    await runner.start(eventStore, knex, allProjections);
    let head: GlobalPosition | null = null;
    for (let round = 0; round < 4; round++) {
      head = await appendAll(eventStore, shopHistory(round));
      expect(await runner.waitFor(head, 10_000)).toBe(true);
    }
    expect(runner.status().every((status) => status.failed === null)).toBe(true);
    expect(quiet.warn).toHaveBeenCalledWith(expect.stringContaining('LoyaltyPointsEarned'));

    const products = await listProducts(knex);
    expect(products.map((product) => product.name)).toEqual(['Cream 3', 'Cream 2', 'Cream 1', 'Cream 0']);
    expect(products[0]).toMatchObject({ currentStock: 22, costPrice: '1100.00' });
    expect(await listTransactions(knex)).toHaveLength(4 * 4);
    const live = await snapshotTables(knex, allTables);
    const liveMetrics = await getDashboardMetrics(knex, new Date('2025-03-11T10:00:00.000Z'));
    await runner.stop();

    const indexesBefore = await indexNames(knex);
    const progress: number[] = [];
    const result = await rebuildReadModels({
      knex,
      eventStore,
      projections: allProjections,
      batchSize: 7,
      logger: quiet,
      onProgress: (update) => progress.push(update.eventsRead),
    });
    expect(await snapshotTables(knex, allTables)).toEqual(live);
    expect(await getDashboardMetrics(knex, new Date('2025-03-11T10:00:00.000Z'))).toEqual(liveMetrics);
    // Plain indexes are dropped for the bulk load and must all be back.
    expect(await indexNames(knex)).toEqual(indexesBefore);
    expect(indexesBefore).toEqual(expect.arrayContaining(['product_ledger_at_idx', 'products_sku_idx']));
    expect(result.eventsRead).toBe(4 * 11);
    expect(progress.at(-1)).toBe(4 * 11);
    expect(result.projections.find((entry) => entry.name === 'stock_ledger')).toMatchObject({
      // Per round: two creations, four movements, a deletion; the movements in six day sums.
      eventsProjected: 4 * 7,
      rows: { product_ledger: 4 * 7, daily_rollup: 6 },
    });
    for (const checkpoint of await readCheckpoints(
      knex,
      allProjections.map((projection) => projection.name),
    )) {
      expect(checkpoint.position).toEqual(head);
    }

    // Only the selected projection is emptied and replayed.
    await knex('settings').update({ description: 'touched' });
    await knex('products').update({ name: 'touched' });
    const partial = await rebuildReadModels({
      knex,
      eventStore,
      projections: allProjections,
      only: ['products'],
      logger: quiet,
    });
    expect(partial.projections.map((entry) => entry.name)).toEqual(['products']);
    expect((await snapshotTables(knex, ['products'])).products).toEqual(live.products);
    expect((await knex('settings').first())?.description).toBe('touched');
    await expect(rebuildReadModels({ knex, eventStore, projections: allProjections, only: ['nope'] })).rejects.toThrow(
      /Unknown projection/,
    );
  });

  it('catches up a backlog in large deliveries by COPY, falls back to plain inserts for one COPY refuses, and matches a rebuild', async () => {
    const backlog = await openReadModelDatabase();
    const store = await PostgresEventStore.open(backlog.knex);
    // How the ledger projection's rows went, delivery by delivery: by COPY, or by the plain statements.
    const byCopy: boolean[] = [];
    const projections = spyOnProject(allProjections, 'stock_ledger', (sql) => {
      byCopy.push(sql instanceof CopyPipeline);
    });
    const runner = new ProjectionRunner({ logger: quiet, retryDelaysMs: [] });
    try {
      for (let round = 0; round < 20; round++) await appendAll(store, shopHistory(round));
      // A total the ledger's numeric column cannot hold: COPY refuses the whole delivery, the plain
      // path sets this one event aside for the ledger and applies the rest.
      const serum = productCreated({ name: 'Serum', openingStock: 1 });
      await store.append(`product-${serum.productId}`, [newEvent('ProductCreated', serum)], 0);
      const poison = stockReceived(serum.productId, 1, { unitPrice: '99999.99', totalValue: `${'9'.repeat(30)}.99` });
      const poisoned = (await store.append(`product-${serum.productId}`, [newEvent('StockReceived', poison)], 1))
        .position;
      const head = await appendAll(store, shopHistory(20));
      // The whole backlog readable before the runner starts, so its first delivery holds all of it (on a
      // PostgreSQL server, a write transaction open in any database holds reads back).
      const settled = await readUntil(
        () => store.headPosition(),
        (position) => position !== null && comparePositions(position, head) >= 0,
      );
      expect(settled).toEqual(head);
      await runner.start(store, backlog.knex, projections);
      expect(await runner.waitFor(head, 30_000)).toBe(true);
      await runner.stop();
      // One delivery of 233 events: tried by COPY, refused, applied again the plain way.
      expect(byCopy.slice(0, 2)).toEqual([true, false]);
      expect((await listSetAside(backlog.knex)).map((event) => [event.projection, event.position])).toEqual([
        ['stock_ledger', poisoned],
      ]);
      expect(await backlog.knex('product_ledger').count({ n: '*' })).toEqual([{ n: String(21 * 7 + 1) }]);
      const caughtUp = await snapshotTables(backlog.knex, allTables);
      await rebuildReadModels({ knex: backlog.knex, eventStore: store, projections: allProjections, logger: quiet });
      expect(await snapshotTables(backlog.knex, allTables)).toEqual(caughtUp);
    } finally {
      await runner.stop();
      await store.close();
      await backlog.drop();
    }
  });

  it('stays exact when a rebuild runs while the live runner keeps projecting', async () => {
    const runner = new ProjectionRunner({ batchSize: 5, logger: quiet, retryDelaysMs: [] });
    await runner.start(eventStore, knex, allProjections);
    await appendAll(eventStore, shopHistory(10));
    const rebuilding = rebuildReadModels({
      knex,
      eventStore,
      projections: allProjections,
      batchSize: 3,
      logger: quiet,
    });
    let head = await appendAll(eventStore, shopHistory(11));
    await rebuilding;
    head = await appendAll(eventStore, shopHistory(12));
    expect(await runner.waitFor(head, 10_000)).toBe(true);
    const live = await snapshotTables(knex, allTables);
    await runner.stop();

    await rebuildReadModels({ knex, eventStore, projections: allProjections, logger: quiet });
    expect(await snapshotTables(knex, allTables)).toEqual(live);
  });

  it('sets a failing projection aside, keeps the others going, and catches it up later', async () => {
    let broken = true;
    const seen: string[] = [];
    const flaky = defineProjection({
      name: 'flaky',
      handles: ['ProductCreated'] as const,
      tables: [],
      async project(events) {
        if (broken) throw new Error('disk on fire');
        seen.push(...events.map((event) => event.data.name));
      },
    });
    const runner = new ProjectionRunner({ logger: quiet, retryDelaysMs: [] });
    await runner.start(eventStore, knex, [productsProjection, flaky]);
    try {
      const first = productCreated({ name: 'First' });
      const firstAppend = await eventStore.append(`product-${first.productId}`, [newEvent('ProductCreated', first)], 0);
      // False as soon as flaky fails, without waiting for the timeout.
      expect(await runner.waitFor(firstAppend.position, 5_000)).toBe(false);
      expect(await new CheckpointWatch(knex, ['products']).waitFor(firstAppend.position, 5_000)).toBe(true);
      expect(runner.status()).toEqual([
        expect.objectContaining({ name: 'products', failed: null }),
        expect.objectContaining({ name: 'flaky', checkpoint: null, failed: 'disk on fire' }),
      ]);

      broken = false;
      const second = productCreated({ name: 'Second' });
      const secondAppend = await eventStore.append(
        `product-${second.productId}`,
        [newEvent('ProductCreated', second)],
        0,
      );
      expect(await runner.waitFor(secondAppend.position, 5_000)).toBe(true);
      expect(seen.slice(-2)).toEqual(['First', 'Second']);
      expect(seen).toContain('Cream 0');
    } finally {
      await runner.stop();
    }
  });

  it('lets a process without the projector wait on the checkpoint table', async () => {
    const head = await eventStore.newestCommittedPosition();
    const projector = new ProjectionRunner({ logger: quiet });
    await projector.start(eventStore, knex, allProjections);
    expect(await projector.waitFor(head!, 5_000)).toBe(true);
    await projector.stop();

    const elsewhere = new ProjectionRunner({ knex, projections: allProjections, logger: quiet });
    expect(await elsewhere.waitFor(head!, 1_000)).toBe(true);
    const future = { commit: head!.commit + 1_000_000n, prepare: 0n };
    expect(await elsewhere.waitFor(future, 200)).toBe(false);

    const stopped = new ProjectionRunner({ logger: quiet });
    expect(await stopped.waitFor(head!, 50)).toBe(false);
  });
});
