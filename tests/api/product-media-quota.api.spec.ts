import { readdir } from 'node:fs/promises';
import { LIMITS, MESSAGES } from '@shop/contracts';
import { useTestApp } from './support/use-test-app';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe('product media: one user cannot take without bound', () => {
  const app = useTestApp();
  const tickets = () => app.infrastructure.database.knex('media_uploads');
  const count = async () => Number((await tickets().count({ n: '*' }))[0]!.n);
  const put = (url: string, body: Buffer) =>
    fetch(url, { method: 'PUT', body, headers: { 'content-type': 'image/png' } });

  it(`issues at most ${LIMITS.maxOpenUploadTicketsPerUser} upload URLs waiting for a file per user, then 429 { message } storing nothing`, async () => {
    const seller = await app.signIn('manager', app.managerPassword);
    const asked = await Promise.all(
      Array.from({ length: LIMITS.maxOpenUploadTicketsPerUser + 5 }, () =>
        seller.post('/api/product-media/upload', { filename: 'a.png' }),
      ),
    );
    const statuses = asked.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(LIMITS.maxOpenUploadTicketsPerUser);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
    const refused = asked.find((answer) => answer.status === 429)!;
    expect(refused.body).toEqual({ message: MESSAGES.tooManyOpenUploads });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count()).toBe(LIMITS.maxOpenUploadTicketsPerUser);

    const before = await count();
    const again = await seller.post('/api/product-media/upload');
    expect([again.status, again.body]).toEqual([429, { message: MESSAGES.tooManyOpenUploads }]);
    expect(await count()).toBe(before);

    // A ticket that took its file no longer waits: one more may be issued.
    const used = asked.find((answer) => answer.status === 201)!;
    expect((await put(used.body.uploadURL, PNG)).status).toBe(200);
    expect((await seller.post('/api/product-media/upload')).status).toBe(201);
    // Expired tickets no longer wait either.
    await tickets()
      .whereNull('used_at')
      .update({ expires_at: new Date(Date.now() - 1000) });
    expect((await seller.post('/api/product-media/upload')).status).toBe(201);
  });

  it(`keeps at most ${LIMITS.maxUnattachedUploadBytesPerUser} bytes per user uploaded but on no product, then 429 { message } storing nothing; a product taking the files frees the room`, async () => {
    const knex = app.infrastructure.database.knex;
    const [{ id: managerId }] = await knex('users').where({ username: 'manager' }).select('id');
    // Uploads made earlier (2GB through real PUTs would be slow): completed, on no product, nearly the whole budget.
    const earlier = '0b6e7c9a-1f2d-4e3a-9b8c-7d6e5f4a3b2c.png';
    await tickets().insert({
      file_name: earlier,
      token_hash: 'x',
      issued_to: managerId,
      expires_at: new Date(Date.now() + 60_000),
      used_at: new Date(),
      content_type: 'image/png',
      size_bytes: LIMITS.maxUnattachedUploadBytesPerUser - 50,
    });
    const { body } = await app.manager.post('/api/product-media/upload', { filename: 'b.png' });
    const name = new URL(body.uploadURL).pathname.split('/').pop()!;
    const filesBefore = await readdir(app.config.mediaDir);

    // Declared with Content-Length: refused before the body is read.
    const declared = await put(body.uploadURL, PNG);
    expect([declared.status, await declared.json()]).toEqual([429, { message: MESSAGES.tooManyUnattachedUploads }]);
    // Streamed without a length: counted as it arrives, refused when it is in.
    const streamed = await fetch(body.uploadURL, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(PNG));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect([streamed.status, await streamed.json()]).toEqual([429, { message: MESSAGES.tooManyUnattachedUploads }]);
    expect(await readdir(app.config.mediaDir)).toEqual(filesBefore);
    expect(await tickets().where({ file_name: name }).first('used_at')).toEqual({ used_at: null });

    // A product refused (its SKU is taken) does not take the files: still no room.
    const product = {
      name: 'Glow Oil',
      category: 'Skincare Products',
      price: '2500',
      images: [`/product-media/uploads/${earlier}`],
    };
    expect((await app.manager.post('/api/products', { ...product, sku: 'QUOTA-1', images: [] })).status).toBe(201);
    expect((await app.manager.post('/api/products', { ...product, sku: 'QUOTA-1' })).status).toBe(409);
    expect((await put(body.uploadURL, PNG)).status).toBe(429);

    // A product recorded with them does: the upload goes through.
    expect((await app.manager.post('/api/products', { ...product, sku: 'QUOTA-2' })).status).toBe(201);
    const stored = await put(body.uploadURL, PNG);
    expect(stored.status).toBe(200);
    expect((await readdir(app.config.mediaDir)).sort()).toEqual([...filesBefore, name].sort());
  });
});
