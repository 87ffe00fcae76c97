import { productResponse } from '@shop/contracts';
import {
  FakeLedger,
  newEvent,
  useReadModelDatabase,
  productCreated,
  project,
  stockIssued,
  stockReceived,
} from '../testing/projection-test-kit';
import { getProduct } from './get-product.query';
import { listProducts } from './list-products.query';
import { createReadModelTables, migrateReadModels } from '../read-model.migrations';
import { productsProjection } from './products.projection';

describe('products projection', () => {
  const db = useReadModelDatabase();
  beforeEach(() => db.knex.raw('truncate products, projection_checkpoints'));

  it('creates products, moves stock, takes a received cost price and keeps deleted products', async () => {
    const ledger = new FakeLedger();
    const cream = productCreated({
      name: 'Cream',
      price: '1500.00',
      costPrice: '1000.00',
      openingStock: 10,
      images: ['/product-media/uploads/a.jpg'],
    });
    const lipstick = productCreated({
      name: 'Lipstick',
      price: '800.50',
      costPrice: null,
      openingStock: 0,
      description: 'Red',
    });
    const events = ledger.stored([
      newEvent('ProductCreated', cream, '2025-03-10T08:00:00.000Z'),
      newEvent('ProductCreated', lipstick, '2025-03-10T09:00:00.000Z'),
      newEvent('StockReceived', stockReceived(cream.productId, 5, { costPrice: '1100.00' })),
      newEvent('StockIssued', stockIssued(cream.productId, 3, '1500.00')),
      newEvent('StockReceived', stockReceived(lipstick.productId, 4)),
      newEvent('StockIssued', stockIssued(lipstick.productId, 1, '800.50')),
      newEvent('SkuClaimed', { sku: 'X', productId: cream.productId }),
    ]);

    const outcome = await project(db.knex, productsProjection, events);
    expect(outcome).toMatchObject({ status: 'applied', projected: 6 });

    const products = await listProducts(db.knex);
    expect(products.map((product) => product.name)).toEqual(['Lipstick', 'Cream']);
    for (const product of products) productResponse.parse(product);
    expect(products[1]).toMatchObject({
      id: cream.productId,
      price: '1500.00',
      costPrice: '1100.00',
      currentStock: 12,
      minStockLevel: 2,
      images: ['/product-media/uploads/a.jpg'],
      createdAt: '2025-03-10T08:00:00.000Z',
    });
    expect(products[0]).toMatchObject({ price: '800.50', costPrice: null, currentStock: 3, description: 'Red' });

    const [deleted] = ledger.stored([newEvent('ProductDeleted', { productId: lipstick.productId })]);
    await project(db.knex, productsProjection, [deleted!], events.at(-1)!.position);
    expect((await listProducts(db.knex)).map((product) => product.id)).toEqual([cream.productId]);
    expect(await getProduct(db.knex, lipstick.productId)).toBeNull();
    expect(await getProduct(db.knex, lipstick.productId, { includeDeleted: true })).toMatchObject({ name: 'Lipstick' });
    expect(await getProduct(db.knex, 'not-a-uuid')).toBeNull();
  });

  it('applies a batch once, however often it is delivered', async () => {
    const ledger = new FakeLedger();
    const cream = productCreated({ openingStock: 2 });
    const events = ledger.stored([
      newEvent('ProductCreated', cream),
      newEvent('StockReceived', stockReceived(cream.productId, 5)),
      newEvent('StockIssued', stockIssued(cream.productId, 1, '1500.00')),
    ]);
    await project(db.knex, productsProjection, events);
    const again = await project(db.knex, productsProjection, events);
    const overlapping = await project(db.knex, productsProjection, events.slice(1));
    expect(again.status).toBe('noop');
    expect(overlapping.status).toBe('noop');
    expect((await getProduct(db.knex, cream.productId))?.currentStock).toBe(6);
  });

  it('reports a gap instead of applying a batch that starts after its checkpoint', async () => {
    const ledger = new FakeLedger();
    const cream = productCreated({ openingStock: 2 });
    const [created, received] = ledger.stored([
      newEvent('ProductCreated', cream),
      newEvent('StockReceived', stockReceived(cream.productId, 5)),
    ]);
    const outcome = await project(db.knex, productsProjection, [received!], created!.position);
    expect(outcome.status).toBe('gap');
    expect(await getProduct(db.knex, cream.productId)).toBeNull();
  });
});

describe('products table of an earlier version', () => {
  const db = useReadModelDatabase();

  it('gains the kobo columns at the next start, computed for the rows it holds and kept after', async () => {
    const { knex } = db;
    await knex.raw('alter table products drop column price_kobo, drop column margin_kobo');
    const ledger = new FakeLedger();
    const cream = productCreated({ price: '1500.50', costPrice: '1000.25', openingStock: 4 });
    const [created] = ledger.stored([newEvent('ProductCreated', cream)]);
    await project(knex, productsProjection, [created!]);

    await migrateReadModels(knex);
    const kobo = () => knex('products').first('price_kobo', 'margin_kobo').where({ id: cream.productId });
    expect(await kobo()).toEqual({ price_kobo: '150050', margin_kobo: '50025' });
    const [received] = ledger.stored([
      newEvent('StockReceived', stockReceived(cream.productId, 1, { costPrice: '1500.75' })),
    ]);
    await project(knex, productsProjection, [received!], created!.position);
    expect(await kobo()).toEqual({ price_kobo: '150050', margin_kobo: '-25' });
  });

  it('is not locked by a later start, whose columns are all there', async () => {
    // ALTER TABLE locks a table even when "if not exists" adds nothing; readers would wait behind it.
    const locks = await db.knex.transaction(async (trx) => {
      await createReadModelTables(trx);
      const held = await trx.raw<{ rows: { relation: string }[] }>(
        `select relation::regclass::text as relation from pg_locks
         where pid = pg_backend_pid() and mode = 'AccessExclusiveLock'
           and relation in ('products'::regclass, 'audit_log'::regclass)`,
      );
      return held.rows.map((row) => row.relation);
    });
    expect(locks).toEqual([]);
  });
});
