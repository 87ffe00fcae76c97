import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataFolderInUseError, openDatabase } from '@shop/infrastructure';
import { PostgresEventStore } from '@shop/infrastructure';
import { listProducts } from './products/list-products.query';
import { migrateReadModels } from './read-model.migrations';
import { assertDataDirUsable, parseRebuildArgs, runRebuildCli, UsageError } from './rebuild.cli';
import { newEvent, productCreated, stockReceived } from './testing/projection-test-kit';

describe('rebuild CLI', () => {
  it('parses --only and --batch-size and rejects unknown names', () => {
    expect(parseRebuildArgs(['--only', 'products, stock_ledger', '--batch-size=500'])).toEqual({
      only: ['products', 'stock_ledger'],
      batchSize: 500,
      force: false,
      help: false,
    });
    expect(() => parseRebuildArgs(['--only', 'stock'])).toThrow(UsageError);
    expect(() => parseRebuildArgs(['--batch-size', '0'])).toThrow(/batch-size/);
    expect(() => parseRebuildArgs(['--fast'])).toThrow(/Unknown argument/);
  });

  it('refuses an embedded data folder that is missing or open in another process, not one a crash left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rebuild-cli-'));
    try {
      expect(() => assertDataDirUsable(dir)).toThrow(/No database/);
      const holder = await openDatabase({ dataDir: dir });
      try {
        await expect(runRebuildCli([], { DATA_DIR: dir }, () => undefined)).rejects.toThrow(DataFolderInUseError);
      } finally {
        await holder.close();
      }
      // A crash leaves PGlite's postmaster.pid behind; only a live claim stops the command.
      writeFileSync(join(dir, 'postmaster.pid'), '-42');
      expect(() => assertDataDirUsable(dir)).not.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rebuilds the read models of an embedded data folder', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rebuild-cli-'));
    try {
      const cream = productCreated({ name: 'Cream', openingStock: 1 });
      const database = await openDatabase({ dataDir });
      const eventStore = await PostgresEventStore.open(database.knex);
      await migrateReadModels(database.knex);
      await eventStore.append(
        `product-${cream.productId}`,
        [newEvent('ProductCreated', cream), newEvent('StockReceived', stockReceived(cream.productId, 4))],
        0,
      );
      await eventStore.close();
      await database.close();

      const lines: string[] = [];
      await runRebuildCli(['--only', 'products,stock_ledger'], { DATA_DIR: dataDir }, (line) => lines.push(line));
      expect(lines[0]).toMatch(/^Rebuilding products, stock_ledger/);
      expect(lines.join('\n')).toMatch(/Done: 2 events/);
      expect(lines.join('\n')).toMatch(/products: 2 events projected; rows: products 1/);
      expect(lines.join('\n')).toMatch(/stock_ledger: 2 events projected; rows: product_ledger 2, daily_rollup 1/);

      const reopened = await openDatabase({ dataDir });
      try {
        expect(await listProducts(reopened.knex)).toEqual([
          expect.objectContaining({ name: 'Cream', currentStock: 5 }),
        ]);
      } finally {
        await reopened.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
