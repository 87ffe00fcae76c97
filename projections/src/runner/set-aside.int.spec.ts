import type { Knex } from 'knex';
import { PostgresEventStore, type GlobalPosition } from '@shop/infrastructure';
import { allProjections } from '../all-projections';
import { productsProjection } from '../products/products.projection';
import { defineProjection, type ProjectionLogger } from '../shared/projection';
import {
  newEvent,
  openReadModelDatabase,
  productCreated,
  snapshotTables,
  stockReceived,
} from '../testing/projection-test-kit';
import { productLedgerProjection } from '../ledger/product-ledger.projection';
import { ProjectionRunner } from './projection-runner';
import { isEventSpecific, safeErrorMessage } from './projection-error';
import { RebuildError, rebuildReadModels } from './rebuild-read-models';
import { retrySetAside } from './retry-set-aside';
import { listSetAside } from './set-aside.store';

const allTables = allProjections.flatMap((projection) => projection.tables);

/** Collects every line logged, to check that no row value ever reaches the logs. */
function recordingLogger(): ProjectionLogger & { lines: string[] } {
  const lines: string[] = [];
  const record = (message: string, error?: unknown) =>
    lines.push(error === undefined ? message : `${message} ${String(error)} ${JSON.stringify(error)}`);
  return { lines, info: record, warn: record, error: record };
}

/**
 * A StockReceived valid for the contract whose total the product ledger (numeric(12,2)) cannot
 * hold, as events recorded before the domain had limits may be.
 */
const POISON_TOTAL = `${'9'.repeat(30)}.99`;
const SECRET_NAME = 'Secret Serum Of Ada Lovelace';
const SECRET_NOTE = 'call ada@example.com about the 3 jars';

describe('events a projection cannot apply are set aside', () => {
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

  it('sets the poisoned event aside for the failing projection only, and a rebuild agrees', async () => {
    const logger = recordingLogger();
    const runner = new ProjectionRunner({ batchSize: 3, logger, retryDelaysMs: [] });
    await runner.start(eventStore, knex, allProjections);
    let poisonedAt: GlobalPosition;
    let head: GlobalPosition;
    const serum = productCreated({ name: SECRET_NAME, openingStock: 1 });
    const stream = `product-${serum.productId}`;
    try {
      await eventStore.append(stream, [newEvent('ProductCreated', serum)], 0);
      poisonedAt = (
        await eventStore.append(
          stream,
          [
            newEvent(
              'StockReceived',
              stockReceived(serum.productId, 1001, {
                unitPrice: '99999.99',
                totalValue: POISON_TOTAL,
                notes: SECRET_NOTE,
              }),
            ),
          ],
          1,
        )
      ).position;
      head = (await eventStore.append(stream, [newEvent('StockReceived', stockReceived(serum.productId, 2))], 2))
        .position;
      // Not a failure: every checkpoint moves on, read-your-writes is served.
      expect(await runner.waitFor(head, 10_000)).toBe(true);
      expect(runner.status().every((status) => status.failed === null)).toBe(true);
    } finally {
      await runner.stop();
    }

    const setAside = await listSetAside(knex);
    // Set aside by the read model that stores the movement's total, and by it alone.
    expect(setAside).toEqual(
      ['stock_ledger'].map((projection) =>
        expect.objectContaining({
          projection,
          position: poisonedAt,
          streamId: stream,
          eventType: 'StockReceived',
          attempts: 1,
          errorMessage: expect.stringMatching(/^numeric field overflow \(SQLSTATE 22003\)$/),
        }),
      ),
    );
    // The product ledger follows later events; the others applied the poisoned one too.
    const rows = await knex('product_ledger')
      .where({ product_id: serum.productId })
      .whereNotNull('movement_id')
      .select('quantity');
    expect(rows.map((row: { quantity: number }) => row.quantity)).toEqual([2]);
    const [product] = await knex('products').where({ id: serum.productId }).select('current_stock');
    expect(product).toEqual({ current_stock: 1 + 1001 + 2 });

    // An alert with position, stream, type and message; never the event's values.
    const alert = logger.lines.find((line) => line.includes('set aside'));
    expect(alert).toContain(`${poisonedAt.commit}:${poisonedAt.prepare}`);
    expect(alert).toContain(stream);
    expect(alert).toContain('StockReceived');
    expect(alert).toContain('numeric field overflow');
    for (const line of logger.lines) {
      expect(line).not.toContain(SECRET_NAME);
      expect(line).not.toContain(SECRET_NOTE);
      expect(line).not.toContain(POISON_TOTAL);
    }

    // A retry before any fix: still failing, kept, one more attempt.
    const retried = await retrySetAside({ knex, eventStore, projections: allProjections, logger });
    expect(retried.applied).toEqual([]);
    expect(retried.failing).toEqual(
      ['stock_ledger'].map((projection) => ({
        event: expect.objectContaining({ projection, position: poisonedAt }),
        message: expect.stringMatching(/overflow/),
      })),
    );
    expect((await listSetAside(knex)).map((event) => event.attempts)).toEqual([2]);

    // A rebuild over the same events: the same outcome, the same tables.
    const live = await snapshotTables(knex, allTables);
    const rebuilt = await rebuildReadModels({ knex, eventStore, projections: allProjections, batchSize: 2, logger });
    expect(rebuilt.projections.filter((entry) => entry.setAside > 0).map((entry) => entry.name)).toEqual([
      'stock_ledger',
    ]);
    expect(await snapshotTables(knex, allTables)).toEqual(live);
    expect(await listSetAside(knex)).toEqual(
      setAside.map((before) =>
        expect.objectContaining({
          projection: before.projection,
          position: poisonedAt,
          firstFailedAt: before.firstFailedAt,
          attempts: 3,
        }),
      ),
    );
    expect(await rebuildSchemas(knex)).toEqual([]);
  });

  it('a rebuild that fails names the event and leaves the read models in service with their rows', async () => {
    const cream = productCreated({ name: 'Cream for the failed rebuild' });
    const stream = `product-${cream.productId}`;
    const appended = await eventStore.append(stream, [newEvent('ProductCreated', cream)], 0);
    const runner = new ProjectionRunner({ logger: recordingLogger(), retryDelaysMs: [] });
    await runner.start(eventStore, knex, [productsProjection, productLedgerProjection]);
    expect(await runner.waitFor(appended.position, 10_000)).toBe(true);
    await runner.stop();
    const before = await snapshotTables(knex, ['products', 'product_ledger', 'daily_rollup']);
    const checkpointsBefore = await knex('projection_checkpoints').orderBy('name');
    expect(before.products?.length).toBeGreaterThan(0);

    // A projection with a bug (not an event the database refuses): the rebuild must stop on it.
    const buggy = defineProjection({
      name: 'buggy',
      handles: ['ProductCreated'] as const,
      tables: [],
      async project(events) {
        if (events.some((event) => event.data.productId === cream.productId)) throw new Error('bug in buggy');
      },
    });
    const rebuilding = rebuildReadModels({
      knex,
      eventStore,
      projections: [productsProjection, productLedgerProjection, buggy],
      batchSize: 2,
      logger: recordingLogger(),
    });
    await expect(rebuilding).rejects.toThrow(RebuildError);
    await expect(rebuilding).rejects.toThrow(
      `projection buggy failed on event ${appended.position.commit}:${appended.position.prepare} ` +
        `(stream ${stream}, type ProductCreated): bug in buggy; the read models in service were left untouched`,
    );
    expect(await snapshotTables(knex, ['products', 'product_ledger', 'daily_rollup'])).toEqual(before);
    expect(await knex('projection_checkpoints').orderBy('name')).toEqual(checkpointsBefore);
    expect(await rebuildSchemas(knex)).toEqual([]);
  });

  it('retry applies a set-aside event once the projection can take it, and removes it', async () => {
    let fixed = false;
    // Refused by the database (numeric overflow) until "a fix is deployed".
    const strict = defineProjection({
      name: 'strict',
      handles: ['ProductCreated'] as const,
      tables: [],
      async project(events, sql) {
        for (const event of events) {
          if (event.data.name === 'Too big') await sql.query('select ?::numeric(3,0) as n', [fixed ? '1' : '1000']);
        }
      },
    });
    const tooBig = productCreated({ name: 'Too big' });
    const appended = await eventStore.append(`product-${tooBig.productId}`, [newEvent('ProductCreated', tooBig)], 0);
    const runner = new ProjectionRunner({ logger: recordingLogger(), retryDelaysMs: [] });
    await runner.start(eventStore, knex, [strict]);
    expect(await runner.waitFor(appended.position, 10_000)).toBe(true);
    await runner.stop();
    expect(await listSetAside(knex, 'strict')).toEqual([expect.objectContaining({ position: appended.position })]);

    fixed = true;
    const retried = await retrySetAside({ knex, eventStore, projections: [strict], projection: 'strict' });
    expect(retried).toEqual({ applied: [expect.objectContaining({ position: appended.position })], failing: [] });
    expect(await listSetAside(knex, 'strict')).toEqual([]);
    // The other projections' set-aside events were not touched by a retry of one projection.
    expect(await listSetAside(knex, 'stock_ledger')).toHaveLength(1);
  });

  it('tells event-specific errors from transient ones, and keeps values out of messages', () => {
    const databaseError = (code: string, message: string) => Object.assign(new Error(message), { code });
    expect(isEventSpecific(databaseError('22003', 'numeric field overflow'))).toBe(true);
    expect(isEventSpecific(databaseError('23505', 'duplicate key value violates unique constraint "x"'))).toBe(true);
    expect(isEventSpecific(databaseError('08006', 'connection failure'))).toBe(false);
    expect(isEventSpecific(databaseError('57P01', 'terminating connection due to administrator command'))).toBe(false);
    expect(isEventSpecific(databaseError('40P01', 'deadlock detected'))).toBe(false);
    expect(isEventSpecific(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(false);
    expect(isEventSpecific(new Error('disk on fire'))).toBe(false);
    expect(safeErrorMessage(databaseError('22P02', 'invalid input syntax for type numeric: "ada@example.com"'))).toBe(
      'invalid input syntax for type numeric: "…" (SQLSTATE 22P02)',
    );
  });
});

async function rebuildSchemas(knex: Knex): Promise<string[]> {
  const result = await knex.raw<{ rows: { name: string }[] }>(
    `select nspname as name from pg_namespace where nspname like 'projection_rebuild_%'`,
  );
  return result.rows.map((row) => row.name);
}
