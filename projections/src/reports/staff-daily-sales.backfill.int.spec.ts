import type { Knex } from 'knex';
import { PostgresEventStore, type GlobalPosition } from '@shop/infrastructure';
import { productsProjection } from '../products/products.projection';
import { readCheckpoints } from '../runner/checkpoint.store';
import { ProjectionRunner } from '../runner/projection-runner';
import { newEvent, openReadModelDatabase, productCreated, stockIssued } from '../testing/projection-test-kit';
import { productLedgerProjection } from '../ledger/product-ledger.projection';
import { listStaffDailySales } from './staff-daily-sales.query';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * A read model added to a shop that already has history: the app's first start with it finds no
 * checkpoint for it and replays the whole store into it, while the older read models carry on from
 * theirs. Nothing to run by hand.
 */
describe('the product ledger and its daily rollup backfill from the full history on first start', () => {
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

  it('starts from zero and catches up with every old sale, then follows new ones', async () => {
    const before = new ProjectionRunner({ logger: quiet, batchSize: 50, retryDelaysMs: [] });
    await before.start(eventStore, knex, [productsProjection]);
    const staff = ['ada', 'bola', 'chidi'];
    const expected = new Map<string, { units: number; kobo: number }>();
    let head: GlobalPosition | null = null;
    for (let day = 0; day < 20; day++) {
      const product = productCreated({ openingStock: 1_000, price: '250.00' });
      const at = (minute: number) => new Date(Date.UTC(2025, 4, 1 + day, 8, minute)).toISOString();
      const sales = Array.from({ length: 15 }, (_, index) => {
        const seller = staff[(day + index) % staff.length]!;
        const quantity = 1 + (index % 4);
        const key = `2025-05-${String(1 + day).padStart(2, '0')} ${seller}`;
        const entry = expected.get(key) ?? { units: 0, kobo: 0 };
        expected.set(key, { units: entry.units + quantity, kobo: entry.kobo + quantity * 25_000 });
        return newEvent(
          'StockIssued',
          stockIssued(product.productId, quantity, '250.00', { sellerName: seller }),
          at(index + 1),
        );
      });
      head = (
        await eventStore.append(
          `product-${product.productId}`,
          [newEvent('ProductCreated', product, at(0)), ...sales],
          0,
        )
      ).position;
    }
    expect(await before.waitFor(head!, 30_000)).toBe(true);
    await before.stop();
    expect((await readCheckpoints(knex, ['stock_ledger']))[0]?.position ?? null).toBeNull();
    expect(await listStaffDailySales(knex, {})).toEqual([]);

    // The next start knows the new read model.
    const after = new ProjectionRunner({ logger: quiet, batchSize: 50, retryDelaysMs: [] });
    await after.start(eventStore, knex, [productsProjection, productLedgerProjection]);
    expect(await after.waitFor(head!, 30_000)).toBe(true);
    const rows = await listStaffDailySales(knex, {});
    expect(
      new Map(
        rows.map((row) => [
          `${row.day} ${row.staff}`,
          { units: row.unitsSold, kobo: Math.round(Number(row.totalSales) * 100) },
        ]),
      ),
    ).toEqual(expected);
    const [checkpoint] = await readCheckpoints(knex, ['stock_ledger']);
    expect(checkpoint?.position).toEqual(head);

    // And it follows live appends like the others.
    // No cost, sold at its price: as the domain would record it, the line carries no cost either.
    const late = productCreated({ openingStock: 5, price: '100.00', costPrice: null });
    const live = await eventStore.append(
      `product-${late.productId}`,
      [
        newEvent('ProductCreated', late, '2025-06-01T09:00:00.000Z'),
        newEvent(
          'StockIssued',
          stockIssued(late.productId, 2, '100.00', { sellerName: 'dayo' }),
          '2025-06-01T09:01:00.000Z',
        ),
      ],
      0,
    );
    expect(await after.waitFor(live.position, 30_000)).toBe(true);
    expect(await listStaffDailySales(knex, { from: '2025-06-01' })).toEqual([
      {
        day: '2025-06-01',
        staff: 'dayo',
        totalSales: '200.00',
        discounts: '0.00',
        profit: '0.00',
        unitsSold: 2,
        saleLines: 1,
      },
    ]);
    await after.stop();
  });
});
