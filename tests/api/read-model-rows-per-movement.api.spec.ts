import type { Knex } from 'knex';
import { READ_MODEL_TABLES } from '../../projections/src/read-model.migrations';
import { useTestApp } from './support/use-test-app';

/**
 * Issue 10 point 3: a stock movement costs at most three read-model rows (its ledger entry, the
 * day's rollup, the product's stock). Counted by the server itself: inserted plus updated rows of
 * every read-model table (checkpoints aside: one per batch, not per movement), from
 * pg_stat_user_tables around N movements recorded over HTTP. Each movement its own batch is the worst
 * case (a batch of several writes the day's rollup and the product's stock once).
 */
const MOVEMENTS = 40;

async function rowsWritten(knex: Knex): Promise<number> {
  const tables = READ_MODEL_TABLES.filter((table) => table !== 'projection_checkpoints');
  // Backends report their counts when a transaction ends, at most once a second unless told to now.
  await knex.raw('select pg_stat_force_next_flush()').catch(() => undefined);
  await knex.raw('select pg_stat_clear_snapshot()');
  const result = await knex.raw<{ rows: { written: string | null }[] }>(
    `select sum(n_tup_ins + n_tup_upd)::text as written from pg_stat_user_tables
     where schemaname = current_schema() and relname in (select jsonb_array_elements_text(?::jsonb))`,
    [JSON.stringify(tables)],
  );
  return Number(result.rows[0]?.written ?? 0);
}

async function settledRowsWritten(knex: Knex, atLeast = 0): Promise<number> {
  // Stats of other backends arrive asynchronously on a server (an idle backend reports its counts
  // up to 10 s late): read until two readings agree and reach what is known to have been written.
  let last = -1;
  for (let attempt = 0; attempt < 40; attempt++) {
    const now = await rowsWritten(knex);
    if (now === last && now >= atLeast) return now;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 600));
  }
  return last;
}

describe('read-model rows written per stock movement', () => {
  const app = useTestApp();

  it('is at most three, for a stock in as for a sale line', async () => {
    const knex = app.infrastructure.database.knex;
    const { body: product } = await app.manager.post('/api/products', {
      name: 'Counted Cream',
      sku: `CNT-${Math.random().toString(36).slice(2, 8)}`,
      category: 'Body Care',
      price: '1500.00',
      costPrice: '1000',
      currentStock: 0,
      minStockLevel: 2,
      description: null,
      images: [],
    });
    const move = (index: number) => {
      const type = index % 2 === 0 ? 'in' : 'out';
      return app.manager.post('/api/transactions', {
        productId: product.id,
        type,
        quantity: 2,
        unitPrice: '1500.00',
        costPrice: type === 'in' ? '1000.00' : undefined,
        totalValue: '3000.00',
        reason: type === 'in' ? 'purchase' : 'sale',
        sellerName: 'manager',
        notes: '',
      });
    };
    // The ledger's audit texts are indexed once per distinct text (ledger_audit_texts), not once per
    // movement: a stock in and a stock out first, so the counted movements repeat known texts.
    for (const index of [0, 1]) expect((await move(index)).status).toBe(201);
    expect(await app.caughtUp(10_000)).toBe(true);
    const before = await settledRowsWritten(knex);
    for (let index = 0; index < MOVEMENTS; index++) expect((await move(index)).status).toBe(201);
    // A read of the session waits until the projections applied every movement.
    expect((await app.manager.get(`/api/products/${product.id}/history`)).status).toBe(200);
    // At least its ledger entry per movement.
    const perMovement = ((await settledRowsWritten(knex, before + MOVEMENTS)) - before) / MOVEMENTS;
    process.stdout.write(`read-model rows written per movement: ${perMovement}\n`);
    expect(perMovement).toBeGreaterThan(0);
    expect(perMovement).toBeLessThanOrEqual(3);
  });
});
