import { readdir } from 'node:fs/promises';
import { LIMITS } from '@shop/contracts';
import { MediaUploadStore } from '../../services/src/gateway/media/media-upload.store';
import { useTestApp } from './support/use-test-app';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const HOUR = 3_600_000;

describe('product media: files on no product are removed once their ticket is long expired', () => {
  const app = useTestApp();
  const tickets = () => app.infrastructure.database.knex('media_uploads');
  const nameOf = (url: string) => new URL(url).pathname.split('/').pop()!;
  /** Issues a ticket and, unless `upload` is false, PUTs a file with it; the file name. */
  const upload = async (upload = true) => {
    const { body } = await app.manager.post('/api/product-media/upload', { filename: 'a.png' });
    if (upload)
      expect(
        (await fetch(body.uploadURL, { method: 'PUT', body: PNG, headers: { 'content-type': 'image/png' } })).status,
      ).toBe(200);
    return nameOf(body.uploadURL);
  };
  const product = (sku: string, files: string[]) =>
    app.manager.post('/api/products', {
      name: `Product ${sku}`,
      sku,
      category: 'Skincare Products',
      price: '1000',
      images: files.map((file) => `/product-media/uploads/${file}`),
    });
  /** As if the ticket had expired this long ago. */
  const expired = (file: string, ago: number) =>
    tickets()
      .where({ file_name: file })
      .update({ expires_at: new Date(Date.now() - ago) });
  const keep = LIMITS.unattachedUploadKeepHours * HOUR;

  it('removes an orphan file and its ticket, keeps files that products hold, a recent orphan and a file a product is being recorded with', async () => {
    const orphan = await upload();
    const onProduct = await upload();
    expect((await product('SWEEP-1', [onProduct])).status).toBe(201);
    const onDeletedProduct = await upload();
    const deleted = await product('SWEEP-2', [onDeletedProduct]);
    expect((await app.manager.delete(`/api/products/${deleted.body.id}`)).status).toBeLessThan(300);
    // On a product, but the gateway never marked it (a crash after the append): the products read model says so.
    const unmarked = await upload();
    expect((await product('SWEEP-3', [unmarked])).status).toBe(201);
    await tickets().where({ file_name: unmarked }).update({ attached_at: null, claimed_at: null });
    // A product with it is being recorded right now.
    const claimed = await upload();
    await tickets().where({ file_name: claimed }).update({ claimed_at: new Date() });
    const recent = await upload();
    const neverUploaded = await upload(false);
    for (const file of [orphan, onProduct, onDeletedProduct, unmarked, claimed, neverUploaded])
      await expired(file, keep + HOUR);
    await expired(recent, keep - HOUR);

    // Any new upload URL sweeps.
    await upload(false);

    const files = await readdir(app.config.mediaDir);
    expect(files.sort()).toEqual([onProduct, onDeletedProduct, unmarked, claimed, recent].sort());
    const rows = (await tickets().whereIn('file_name', [orphan, neverUploaded]).select('file_name')).length;
    expect(rows).toBe(0);
    expect((await app.manager.get(`/product-media/uploads/${orphan}`)).status).toBe(404);
    for (const file of [onProduct, onDeletedProduct, unmarked, recent])
      expect((await app.manager.get(`/product-media/uploads/${file}`)).status).toBe(200);
    const late = await product('SWEEP-4', [orphan]);
    expect([late.status, late.body.message]).toEqual([
      400,
      `Image /product-media/uploads/${orphan} has not been uploaded: upload the file first`,
    ]);
  });

  it(`sweeps at most ${LIMITS.orphanUploadsSweptPerIssue} orphans per upload URL issued`, async () => {
    const orphans: string[] = [];
    for (let i = 0; i < LIMITS.orphanUploadsSweptPerIssue + 3; i++) orphans.push(await upload());
    for (const file of orphans) await expired(file, keep + HOUR);
    const left = async () => (await readdir(app.config.mediaDir)).filter((file) => orphans.includes(file)).length;
    expect(await left()).toBe(orphans.length);
    await upload(false);
    expect(await left()).toBe(3);
    await upload(false);
    expect(await left()).toBe(0);
  });

  it('keeps files uploaded before uploads were marked as on a product: the upgrade counts them as attached', async () => {
    const knex = app.infrastructure.database.knex;
    const old = await upload();
    const neverUploaded = await upload(false);
    // The table as it was before claimed_at and attached_at.
    await knex.raw('alter table media_uploads drop column claimed_at, drop column attached_at');
    await MediaUploadStore.migrate(knex);
    await expired(old, keep + HOUR);
    await expired(neverUploaded, keep + HOUR);
    await upload(false);
    expect(await readdir(app.config.mediaDir)).toContain(old);
    expect((await app.manager.get(`/product-media/uploads/${old}`)).status).toBe(200);
    expect(await tickets().where({ file_name: neverUploaded }).first('file_name')).toBeUndefined();
  });
});
