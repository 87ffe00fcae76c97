import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import { useTestApp } from './support/use-test-app';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** A PUT whose client sends half its declared body and then goes away. */
function abortedPut(url: string, declared: number, sent: number): Promise<void> {
  const { port, pathname, search } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(
        `PUT ${pathname}${search} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\nContent-Length: ${declared}\r\n\r\n`,
      );
      socket.write(Buffer.alloc(sent, 7), () => setTimeout(() => socket.destroy(), 100));
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
}

describe('product media: a refused or broken PUT leaves no file behind', () => {
  const app = useTestApp();

  const issue = async () => {
    const { body } = await app.manager.post('/api/product-media/upload', { filename: 'a.png' });
    return body.uploadURL as string;
  };
  const put = (url: string, body: Buffer | ReadableStream<Uint8Array>, type = 'image/png', init: RequestInit = {}) =>
    fetch(url, { method: 'PUT', body, headers: { 'content-type': type }, ...init } as RequestInit);
  /** The media folder holds only these files: no temporary `.part` and nothing else. */
  const expectFolder = async (files: string[]) =>
    expect((await readdir(app.config.mediaDir)).sort()).toEqual([...files].sort());

  it('a body over 50MB: 413 { message }, nothing stored, the ticket still usable', async () => {
    const url = await issue();
    let sent = 0;
    const oversized = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = Math.min(1 << 20, 52_428_801 - sent);
        if (chunk <= 0) return controller.close();
        sent += chunk;
        controller.enqueue(new Uint8Array(chunk));
      },
    });
    const answer = await put(url, oversized, 'video/mp4', { duplex: 'half' } as RequestInit);
    expect([answer.status, await answer.json()]).toEqual([413, { message: 'Files must be at most 50MB' }]);
    await expectFolder([]);
    // Declared too large: refused before a byte is read.
    const declared = await new Promise<string>((resolve, reject) => {
      const { port, pathname, search } = new URL(url);
      const socket = connect(Number(port), '127.0.0.1', () =>
        socket.write(
          `PUT ${pathname}${search} HTTP/1.1\r\nHost: x\r\nContent-Type: video/mp4\r\nContent-Length: 52428801\r\nConnection: close\r\n\r\n`,
        ),
      );
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('\r\n\r\n') && text.includes('}')) socket.destroy();
      });
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(declared).toMatch(/^HTTP\/1\.1 413/);
    await expectFolder([]);
    const name = new URL(url).pathname.split('/').pop()!;
    expect((await put(url, PNG)).status).toBe(200);
    await expectFolder([name]);
  });

  it('a wrong content type, a reused and an expired ticket: 415, 409, 403, nothing new stored', async () => {
    const url = await issue();
    const name = new URL(url).pathname.split('/').pop()!;
    const wrong = await put(url, PNG, 'application/octet-stream');
    expect([wrong.status, await wrong.json()]).toEqual([
      415,
      { message: 'Only image/* and video/* files are allowed' },
    ]);
    const before = await readdir(app.config.mediaDir);
    expect(before).not.toContain(name);
    expect((await put(url, PNG)).status).toBe(200);
    const reused = await put(url, Buffer.alloc(2048, 1));
    expect([reused.status, await reused.json()]).toEqual([409, { message: 'This upload link has already been used' }]);
    const served = await app.manager.get(`/product-media/uploads/${name}`);
    expect(served.status).toBe(200);

    const expiring = await issue();
    await app.infrastructure.database
      .knex('media_uploads')
      .where({ file_name: new URL(expiring).pathname.split('/').pop() })
      .update({ expires_at: new Date(Date.now() - 1000) });
    const expired = await put(expiring, PNG);
    expect([expired.status, await expired.json()]).toEqual([403, { message: 'Request has expired' }]);
    await expectFolder([...before, name]);
  });

  it('a file name that climbs out of the folder: 401, nothing written anywhere', async () => {
    const url = new URL(await issue());
    const before = await readdir(app.config.mediaDir);
    for (const name of ['..%2F..%2Fescape.png', '..%2Fescape.png', '%2e%2e%2fescape.png', '.escape.png']) {
      const answer = await put(`${url.origin}/product-media/uploads/${name}${url.search}`, PNG);
      expect([name, answer.status]).toEqual([name, expect.any(Number)]);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(answer.status).toBeLessThan(500);
    }
    expect(await readdir(app.config.mediaDir)).toEqual(before);
    expect((await readdir(`${app.config.mediaDir}/..`)).filter((each) => each.includes('escape'))).toEqual([]);
    expect((await app.manager.get('/product-media/uploads/..%2F..%2Fetc%2Fpasswd')).status).toBe(404);
  });

  it('a PUT the client aborts half way: no partial file, and the ticket takes the whole file afterwards', async () => {
    const url = await issue();
    const name = new URL(url).pathname.split('/').pop()!;
    const before = await readdir(app.config.mediaDir);
    await abortedPut(url, 4 * 1024 * 1024, 1024 * 1024);
    // The server notices the abort on its own time: wait (bounded) until the temporary file is gone.
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline && (await readdir(app.config.mediaDir)).length !== before.length)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await expectFolder(before);
    expect((await app.manager.get(`/product-media/uploads/${name}`)).status).toBe(404);
    expect((await put(url, PNG)).status).toBe(200);
    await expectFolder([...before, name]);
  });
});
