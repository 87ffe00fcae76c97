import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Knex } from 'knex';
import { allProjections } from '@shop/projections';
import { openDatabase } from '@shop/infrastructure';
import { runBackupCli } from '../../services/src/backup/backup.cli';
import { runRestoreCli } from '../../services/src/backup/restore.cli';
import { loadConfig } from '../../services/src/config';
import { startApp } from '../../services/src/gateway/create-app';
import { snapshotTables } from '../../projections/src/testing/projection-test-kit';
import { ApiClient } from '../api/support/api-client';
import { startTestApp } from '../api/support/test-app';
import { createScratchDatabase } from '../support/test-database';

const tables = allProjections.flatMap((projection) => projection.tables);
const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));
const quiet = () => undefined;

/** Everything that makes an event what it is, in global order (positions are the store's own business). */
const readEvents = async (knex: Knex) =>
  (
    await knex.raw<{ rows: unknown[] }>(
      `select event_id, stream_id, stream_version, type, schema_version, data, metadata, recorded_at
       from events order by global_position`,
    )
  ).rows;

/** A little shop history: products, receipts, sales. */
async function makeHistory(client: ApiClient): Promise<void> {
  for (let index = 0; index < 3; index++) {
    const created = await client.post('/api/products', {
      name: `Backup Oil ${index}`,
      sku: `BACKUP-${index}`,
      category: 'Body Care',
      price: '1200.50',
      costPrice: '700',
      currentStock: 4,
      minStockLevel: 1,
      description: '',
      images: [],
    });
    expect(created.status).toBe(201);
    for (const [type, quantity] of [
      ['in', 6],
      ['out', 3],
    ] as const) {
      const moved = await client.post('/api/transactions', {
        productId: created.body.id,
        type,
        quantity,
        unitPrice: '1200.50',
        costPrice: type === 'in' ? '700.00' : undefined,
        totalValue: (quantity * 1200.5).toFixed(2),
        reason: type === 'in' ? 'purchase' : 'sale',
        sellerName: 'manager',
        notes: '',
      });
      expect(moved.status).toBe(201);
    }
  }
}

describe('backup and restore', () => {
  jest.setTimeout(400_000); // two PGlite folders start here; slow on a busy machine
  it('backs up the embedded data while the app runs and restores it into a fresh folder', async () => {
    const dataDir = temp('backup-live-');
    const running = await startApp(
      {
        ...loadConfig({}),
        port: 0,
        host: '127.0.0.1',
        dataDir,
        admin: { username: 'manager', password: 'manager-secret-1' },
        webDist: '/nonexistent',
        mediaDir: temp('backup-media-'),
      },
      { logger: false },
    );
    const restoredDir = join(temp('backup-restored-'), 'data');
    try {
      const client = new ApiClient(running.url);
      await client.login('manager', 'manager-secret-1');
      await makeHistory(client);

      const lines: string[] = [];
      const file = join(temp('backup-file-'), 'shop.ndjson');
      const { counts } = await runBackupCli([file], { DATA_DIR: dataDir }, (line) => lines.push(line));
      // PGlite is the app's alone: the running app wrote the backup.
      expect(lines[0]).toMatch(/^Asking the running app \(pid \d+\)/);
      expect(counts.events).toBeGreaterThan(9);
      expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1 + counts.streams + counts.events + 1);
      // The app kept serving.
      expect((await client.get('/api/products')).status).toBe(200);

      await runRestoreCli([file, '--data-dir', restoredDir], {}, quiet);
      const knex = running.infrastructure.database.knex;
      const restored = await openDatabase({ dataDir: restoredDir });
      try {
        expect(await readEvents(restored.knex)).toEqual(await readEvents(knex));
        expect(await snapshotTables(restored.knex, tables)).toEqual(await snapshotTables(knex, tables));
      } finally {
        await restored.close();
      }
      await expect(runRestoreCli([file, '--data-dir', restoredDir], {}, quiet)).rejects.toThrow(/not empty/);
    } finally {
      await running.close();
    }
  });

  const onServer = process.env.DATABASE_URL ? it : it.skip;
  onServer('backs up a PostgreSQL database and restores it into an empty one', async () => {
    const app = await startTestApp();
    const target = await createScratchDatabase(process.env.DATABASE_URL!);
    try {
      const client = await app.signIn('manager', app.managerPassword);
      await makeHistory(client);
      const file = join(temp('backup-file-'), 'shop.ndjson');
      await runBackupCli([file], { DATABASE_URL: app.config.databaseUrl }, quiet);
      await runRestoreCli([file], { DATABASE_URL: target.url }, quiet);
      const restored = await openDatabase({ databaseUrl: target.url });
      try {
        const knex = app.infrastructure.database.knex;
        expect(await readEvents(restored.knex)).toEqual(await readEvents(knex));
        expect(await snapshotTables(restored.knex, tables)).toEqual(await snapshotTables(knex, tables));
      } finally {
        await restored.close();
      }
    } finally {
      await app.close();
      await target.drop();
    }
  });
});
