import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBackupCli } from '../../services/src/backup/backup.cli';
import { runRestoreCli } from '../../services/src/backup/restore.cli';
import { loadConfig } from '../../services/src/config';
import { startApp } from '../../services/src/gateway/create-app';
import { ApiClient } from '../api/support/api-client';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const temp = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));
const quiet = () => undefined;
const admin = { username: 'manager', password: 'manager-secret-1' };
/** An embedded app on `dataDir`, media in the default `DATA_DIR/media`, as `npm start` runs it. */
const start = (dataDir: string) =>
  startApp(
    { ...loadConfig({ DATA_DIR: dataDir }), port: 0, host: '127.0.0.1', admin, webDist: '/nonexistent' },
    { logger: false },
  );

describe('backup and restore with product media', () => {
  jest.setTimeout(400_000); // two PGlite folders start here; slow on a busy machine
  it('serves a product image after the documented restore: events restored, media folder copied', async () => {
    const dataDir = temp('backup-media-live-');
    const file = join(temp('backup-media-file-'), 'shop.ndjson');
    let image: string;
    const running = await start(dataDir);
    try {
      const client = new ApiClient(running.url);
      await client.login(admin.username, admin.password);
      const ticket = await client.post('/api/product-media/upload', { filename: 'front.png' });
      expect(ticket.status).toBe(201);
      const put = await fetch(ticket.body.uploadURL, {
        method: 'PUT',
        body: PNG,
        headers: { 'content-type': 'image/png' },
      });
      expect(put.status).toBe(200);
      image = ((await put.json()) as { path: string }).path;
      const created = await client.post('/api/products', {
        name: 'Pictured Oil',
        sku: 'PICTURED-1',
        category: 'Body Care',
        price: '1500',
        images: [image],
      });
      expect(created.status).toBe(201);
      await runBackupCli([file], { DATA_DIR: dataDir }, quiet);
    } finally {
      await running.close();
    }

    // docs/operations.md: restore into a fresh folder, copy the media folder beside it, start.
    const restoredDir = join(temp('backup-media-restored-'), 'data');
    await runRestoreCli([file, '--data-dir', restoredDir], {}, quiet);
    cpSync(join(dataDir, 'media'), join(restoredDir, 'media'), { recursive: true });
    // A file in the folder that no product names is not served, whatever it is.
    const stray = '11111111-2222-4333-8444-555555555555.png';
    writeFileSync(join(restoredDir, 'media', stray), PNG);
    const restored = await start(restoredDir);
    try {
      const client = new ApiClient(restored.url);
      expect((await client.get(image)).status).toBe(401);
      await client.login(admin.username, admin.password);
      const products = await client.get('/api/products');
      expect(products.body.find((product: { sku: string }) => product.sku === 'PICTURED-1').images).toEqual([image]);
      const response = await fetch(`${restored.url}${image}`, { headers: { cookie: client.cookie! } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/png');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PNG);
      expect((await client.get(`/product-media/uploads/${stray}`)).status).toBe(404);
      // A new upload sweeps orphans: the restored product's file has no ticket row and must stay.
      expect((await client.post('/api/product-media/upload', { filename: 'b.png' })).status).toBe(201);
      expect((await client.get(image)).status).toBe(200);
    } finally {
      await restored.close();
    }
  });
});
