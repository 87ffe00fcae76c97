import { readdir } from 'node:fs/promises';
import { useTestApp } from './support/use-test-app';

describe('product media: one upload ticket, many concurrent PUTs', () => {
  const app = useTestApp();

  it('stores exactly one file: one PUT answers 200, every other 409 { message }, none 500, no temporary file is left', async () => {
    const issued = await app.manager.post('/api/product-media/upload', {
      filename: 'serum.png',
      contentType: 'image/png',
    });
    const uploadURL: string = issued.body.uploadURL;
    const fileName = new URL(uploadURL).pathname.split('/').pop()!;
    // Each body differs, so the stored bytes tell which PUT won; large enough that the writes overlap.
    const bodies = Array.from({ length: 8 }, (_, i) => Buffer.alloc(256 * 1024, i + 1));
    const answers = await Promise.all(
      bodies.map(async (body) => {
        const response = await fetch(uploadURL, { method: 'PUT', body, headers: { 'content-type': 'image/png' } });
        return { status: response.status, body: await response.json() };
      }),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((each) => each.status === 409))
      expect(answer.body).toEqual({ message: 'This upload link has already been used' });

    const served = await fetch(`${app.url}/product-media/uploads/${fileName}`, {
      headers: { cookie: app.manager.cookie! },
    });
    expect(served.status).toBe(200);
    const stored = Buffer.from(await served.arrayBuffer());
    expect(stored.length).toBe(256 * 1024);
    expect(bodies.some((body) => body.equals(stored))).toBe(true);
    expect(await readdir(app.config.mediaDir)).toEqual([fileName]);
  });
});
