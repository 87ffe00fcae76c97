import { mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useTestApp } from './support/use-test-app';

const published = '0b6e7c9a-1f2d-4e3a-9b8c-7d6e5f4a3b2c.png';
const stale = `.${published}.9d1c0e52-6f0a-4d55-8c39-0d7b4bb1c1a1.part`;
const fresh = `.${published}.1f0a7e33-2b4c-4e8d-9a61-5c3d2e1f0a9b.part`;

describe('product media: temporaries a stopped gateway left behind', () => {
  let folder = '';
  const app = useTestApp(async () => {
    folder = await mkdtemp(join(tmpdir(), 'shop-media-stale-'));
    for (const file of [published, stale, fresh]) await writeFile(join(folder, file), Buffer.alloc(1024));
    // Written an hour ago: no PUT runs that long (the request timeout is 5 minutes).
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const file of [published, stale]) await utimes(join(folder, file), hourAgo, hourAgo);
    return { mediaDir: folder };
  });

  it('are removed when the gateway starts, once older than any PUT; published files and fresh temporaries stay', async () => {
    expect(app.config.mediaDir).toBe(folder);
    expect((await readdir(folder)).sort()).toEqual([fresh, published].sort());
  });
});
