import { readdir } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { LIMITS, MESSAGES } from '@shop/contracts';
import { useTestApp } from './support/use-test-app';

/** A PUT that sends its headers and the first KiB of 1MiB, then waits: `finish` sends the rest. */
function heldPut(url: string) {
  const { port, pathname, search } = new URL(url);
  const size = 1 << 20;
  let socket!: Socket;
  let text = '';
  let started!: () => void;
  const headersSent = new Promise<void>((resolve) => (started = resolve));
  const answered = new Promise<string>((resolve, reject) => {
    socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(
        `PUT ${pathname}${search} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: image/png\r\nContent-Length: ${size}\r\nConnection: close\r\n\r\n`,
      );
      socket.write(Buffer.alloc(1024, 1), () => started());
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (/\r\n\r\n.*\}/s.test(text)) resolve(text);
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
  return { answered, finish: () => void headersSent.then(() => socket.write(Buffer.alloc(size - 1024, 2))) };
}

describe('product media: uploads one user runs at once', () => {
  const app = useTestApp();

  it(`streams at most ${LIMITS.maxUploadsRunningPerUser} PUTs of one user at once; the next answer 429 { message } at once, without a temporary file`, async () => {
    const extra = 4;
    const urls: string[] = [];
    for (let i = 0; i < LIMITS.maxUploadsRunningPerUser + extra; i++)
      urls.push((await app.manager.post('/api/product-media/upload', { filename: 'a.png' })).body.uploadURL);
    const puts = urls.map(heldPut);
    const answers: string[] = [];
    for (const put of puts) void put.answered.then((answer) => answers.push(answer));
    // The refused ones answer while the others are still held (bounded wait: they never would otherwise).
    const deadline = Date.now() + 15_000;
    while (answers.length < extra && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answers).toHaveLength(extra);
    for (const answer of answers) {
      expect(answer).toMatch(/^HTTP\/1\.1 429/);
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
        message: MESSAGES.tooManyRunningUploads,
      });
    }
    const temporaries = (await readdir(app.config.mediaDir)).filter((file) => file.endsWith('.part'));
    expect(temporaries.length).toBeLessThanOrEqual(LIMITS.maxUploadsRunningPerUser);

    for (const put of puts) put.finish();
    const all = await Promise.all(puts.map((put) => put.answered));
    const statuses = all.map((answer) => answer.slice(9, 12)).sort();
    expect(statuses).toEqual([
      ...Array<string>(LIMITS.maxUploadsRunningPerUser).fill('200'),
      ...Array<string>(extra).fill('429'),
    ]);
    // Their places are free again: a refused one goes through now.
    const refused = all.findIndex((answer) => answer.startsWith('HTTP/1.1 429'));
    const again = heldPut(urls[refused]!);
    again.finish();
    const retried = await again.answered;
    expect(retried).toMatch(/^HTTP\/1\.1 200/);
  });
});
