import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MEDIA_LIMITS } from '@shop/contracts';

export class MediaTooLargeError extends Error {}

/**
 * Files in a folder under DATA_DIR. Written to a temporary name first, so a half upload is never served;
 * the name is random per request, so concurrent PUTs with one ticket never write the same file.
 */
export class LocalMediaStorage {
  constructor(private readonly folder: string) {}

  async save(fileName: string, body: Readable): Promise<{ temporary: string; size: number }> {
    await mkdir(this.folder, { recursive: true });
    const temporary = join(this.folder, `.${fileName}.${randomUUID()}.part`);
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        callback(size > MEDIA_LIMITS.maxFileBytes ? new MediaTooLargeError() : null, chunk);
      },
    });
    try {
      await pipeline(body, limit, createWriteStream(temporary, { flags: 'wx' }));
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return { temporary, size };
  }

  async publish(temporary: string, fileName: string): Promise<void> {
    await rename(temporary, join(this.folder, fileName));
  }

  discard(temporary: string): Promise<void> {
    return rm(temporary, { force: true });
  }

  /** Removes a published file (nothing when it is not there). */
  remove(fileName: string): Promise<void> {
    return rm(join(this.folder, fileName), { force: true });
  }

  /**
   * Removes temporary files written before `before`: a PUT that was cut off by a stopped or crashed
   * gateway left them (one that failed removes its own). Answers how many went.
   */
  async removeTemporariesOlderThan(before: Date): Promise<number> {
    let names: string[];
    try {
      names = await readdir(this.folder);
    } catch {
      return 0; // no folder yet: nothing was ever uploaded
    }
    let removed = 0;
    for (const name of names.filter((each) => each.startsWith('.') && each.endsWith('.part'))) {
      const path = join(this.folder, name);
      const written = await stat(path).catch(() => null);
      if (written && written.mtime < before) {
        await rm(path, { force: true });
        removed++;
      }
    }
    return removed;
  }

  /** The first `length` bytes of a published file (fewer when it is shorter). */
  async head(fileName: string, length: number): Promise<Buffer> {
    const handle = await open(join(this.folder, fileName), 'r');
    try {
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async open(fileName: string): Promise<{ stream: Readable; size: number } | null> {
    const path = join(this.folder, fileName);
    try {
      const { size } = await stat(path);
      return { stream: createReadStream(path), size };
    } catch {
      return null;
    }
  }
}
