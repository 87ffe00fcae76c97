import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { LocalMediaStorage } from './media-storage';

describe('LocalMediaStorage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('writes concurrent saves of one file name to distinct temporary files, and publishes one', async () => {
    // Requests in the same millisecond of the same process: the name must not depend on the clock.
    jest.spyOn(Date, 'now').mockReturnValue(1_764_000_000_000);
    const folder = await mkdtemp(join(tmpdir(), 'shop-media-spec-'));
    const storage = new LocalMediaStorage(folder);
    const name = '0b6e7c9a-1f2d-4e3a-9b8c-7d6e5f4a3b2c.png';
    const saved = await Promise.all(
      Array.from({ length: 10 }, (_, i) => storage.save(name, Readable.from([Buffer.alloc(1024, i)]))),
    );
    expect(new Set(saved.map((each) => each.temporary)).size).toBe(10);
    await storage.publish(saved[3]!.temporary, name);
    await Promise.all(saved.filter((_, i) => i !== 3).map((each) => storage.discard(each.temporary)));
    expect(await readdir(folder)).toEqual([name]);
    expect(await readFile(join(folder, name))).toEqual(Buffer.alloc(1024, 3));
  });
});
