import { randomUUID } from 'node:crypto';
import { transactionResponse } from '@shop/contracts';
import {
  FakeLedger,
  newEvent,
  useReadModelDatabase,
  productCreated,
  project,
  stockIssued,
  stockReceived,
} from '../testing/projection-test-kit';
import { getTransaction, listTransactions, newestTransactions, transactionPages } from './list-transactions.query';
import { productLedgerProjection } from '../ledger/product-ledger.projection';

describe('transactions projection', () => {
  const db = useReadModelDatabase();
  beforeEach(() => db.knex.raw('truncate product_ledger, daily_rollup, projection_checkpoints'));

  it('writes one row per movement with the product name and sku, newest first', async () => {
    const ledger = new FakeLedger();
    const cream = productCreated({ name: 'Cream', sku: 'CR-1' });
    const first = ledger.stored([newEvent('ProductCreated', cream, '2025-03-10T08:00:00.000Z')]);
    await project(db.knex, productLedgerProjection, first);

    const receipt = stockReceived(cream.productId, 5, { costPrice: '900.00', notes: 'supplier A' });
    const sale = stockIssued(cream.productId, 2, '1500.00', {
      saleId: 'CASH-1-abc',
      costPrice: '900.00',
      discountPercentage: '10.00',
      originalTotal: '3000.00',
      discountAmount: '300.00',
      totalValue: '2700.00',
    });
    const orphan = stockIssued(randomUUID(), 1, '10.00', { reason: 'waste' });
    // Later batch: the name comes from transaction_products, not from this batch.
    const second = ledger.stored([
      newEvent('StockReceived', receipt, '2025-03-10T09:00:00.000Z'),
      newEvent('StockIssued', sale, '2025-03-10T10:00:00+01:00'),
      newEvent('StockIssued', orphan, '2025-03-10T09:00:00.000Z'),
    ]);
    await project(db.knex, productLedgerProjection, second, first[0]!.position);

    const rows = await listTransactions(db.knex);
    for (const row of rows) transactionResponse.parse(row);
    // The sale and the orphan share an instant: the later global position comes first.
    expect(rows.map((row) => row.id)).toEqual([orphan.movementId, sale.movementId, receipt.movementId]);
    expect(rows[1]).toEqual({
      id: sale.movementId,
      saleId: 'CASH-1-abc',
      productId: cream.productId,
      productName: 'Cream',
      productSku: 'CR-1',
      type: 'out',
      quantity: 2,
      unitPrice: '1500.00',
      costPrice: '900.00',
      totalValue: '2700.00',
      reason: 'sale',
      sellerName: 'ada',
      discountPercentage: '10.00',
      discountAmount: '300.00',
      originalTotal: '3000.00',
      notes: null,
      createdAt: '2025-03-10T09:00:00.000Z',
    });
    expect(rows[2]).toMatchObject({
      type: 'in',
      reason: 'purchase',
      quantity: 5,
      costPrice: '900.00',
      totalValue: '5000.00',
      originalTotal: '5000.00',
      discountAmount: '0.00',
      discountPercentage: '0.00',
      notes: 'supplier A',
    });
    expect(rows[0]).toMatchObject({ productName: null, productSku: null, reason: 'waste' });
    expect(await listTransactions(db.knex, { limit: 1 })).toHaveLength(1);
    expect(await getTransaction(db.knex, receipt.movementId)).toEqual(rows[2]);
    expect(await getTransaction(db.knex, 'nope')).toBeNull();
  });

  it('pages every movement in the same order as the whole list, ties of one instant included', async () => {
    const ledger = new FakeLedger();
    const cream = productCreated();
    const created = ledger.stored([newEvent('ProductCreated', cream, '2025-03-10T08:00:00.000Z')]);
    await project(db.knex, productLedgerProjection, created);
    const times = ['09:00', '09:00', '09:00', '10:00', '08:30', '10:00', '11:00'];
    const moves = ledger.stored(
      times.map((time) => newEvent('StockReceived', stockReceived(cream.productId, 1), `2025-03-10T${time}:00.000Z`)),
    );
    await project(db.knex, productLedgerProjection, moves, created[0]!.position);

    const all = await listTransactions(db.knex);
    expect(all).toHaveLength(times.length);
    for (const pageSize of [1, 2, 3, 7, 8]) {
      const paged = [];
      for await (const page of transactionPages(db.knex, pageSize)) {
        expect(page.length).toBeLessThanOrEqual(pageSize);
        paged.push(...page);
      }
      expect(paged).toEqual(all);
    }
    for (const count of [1, 2, 3, 7, 8]) expect(await newestTransactions(db.knex, count)).toEqual(all.slice(0, count));
  });

  it('pages nothing when there is no movement', async () => {
    const pages = [];
    for await (const page of transactionPages(db.knex, 2)) pages.push(page);
    expect(pages).toEqual([]);
    expect(await newestTransactions(db.knex, 4)).toEqual([]);
  });

  it('applies the same batch once', async () => {
    const ledger = new FakeLedger();
    const cream = productCreated();
    const events = ledger.stored([
      newEvent('ProductCreated', cream),
      newEvent('StockReceived', stockReceived(cream.productId, 5)),
    ]);
    await project(db.knex, productLedgerProjection, events);
    await project(db.knex, productLedgerProjection, events);
    expect(await listTransactions(db.knex)).toHaveLength(1);
  });
});
