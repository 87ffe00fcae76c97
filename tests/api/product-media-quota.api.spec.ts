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
});
