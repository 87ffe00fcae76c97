import { PassThrough } from 'node:stream';
import { useTestApp } from './support/use-test-app';

/** The app's log lines, parsed: every line must be one JSON object. */
class LogCapture {
  readonly stream = new PassThrough();
  private text = '';
  constructor() {
    this.stream.on('data', (chunk: Buffer) => (this.text += chunk.toString()));
  }
  get raw(): string {
    return this.text;
  }
  lines(): Array<Record<string, any>> {
    return this.text
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => JSON.parse(line) as Record<string, any>);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('structured request logs', () => {
  const logs = new LogCapture();
  const app = useTestApp({}, { logTo: logs.stream, signInManager: false });

  it('writes JSON lines, also for Nest Logger calls made outside a request (start-up)', () => {
    const lines = logs.lines();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.find((line) => line.context === 'Infrastructure')).toMatchObject({
      level: 30,
      msg: expect.stringContaining('Events in'),
    });
    // Nest's route-mapping chatter stays out.
    expect(lines.some((line) => line.context === 'RouterExplorer')).toBe(false);
  });

  it('gives each request an id, sends it back as X-Request-Id and logs the request under it', async () => {
    const response = await fetch(`${app.url}/api/health`);
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await settle();
    const line = logs.lines().find((each) => each.requestId === id);
    expect(line).toMatchObject({
      msg: 'request completed',
      req: { method: 'GET', path: '/api/health' },
      res: { statusCode: 200 },
    });
    const other = await fetch(`${app.url}/api/health`);
    expect(other.headers.get('x-request-id')).not.toBe(id);
  });

  it('keeps a sane incoming X-Request-Id and replaces one that could forge log lines', async () => {
    const kept = await fetch(`${app.url}/api/health`, { headers: { 'x-request-id': 'edge-7f3a.42' } });
    expect(kept.headers.get('x-request-id')).toBe('edge-7f3a.42');
    const replaced = await fetch(`${app.url}/api/health`, {
      headers: { 'x-request-id': `x"}\t{"level":60`.padEnd(20, 'x') },
    });
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const long = await fetch(`${app.url}/api/health`, { headers: { 'x-request-id': 'a'.repeat(200) } });
    expect(long.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never logs passwords, cookies, authorization headers, bodies or upload tokens', async () => {
    const password = 'Sup3r-Secret-Passw0rd';
    const wrong = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer very-secret-bearer-token' },
      body: JSON.stringify({ username: 'manager', password }),
    });
    expect(wrong.status).toBe(401);
    const signIn = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'manager', password: app.managerPassword }),
    });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    const issued = await fetch(`${app.url}/api/product-media/upload`, { method: 'POST', headers: { cookie } });
    const { uploadURL } = (await issued.json()) as { uploadURL: string };
    const token = new URL(uploadURL).searchParams.get('token')!;
    await fetch(uploadURL, { method: 'PUT', body: Buffer.from([1, 2, 3]), headers: { 'content-type': 'image/png' } });
    await settle();
    for (const secret of [password, app.managerPassword, cookie.split('=')[1]!, 'very-secret-bearer-token', token])
      expect(logs.raw).not.toContain(secret);
    expect(logs.lines().some((line) => line.req?.path?.startsWith('/product-media/uploads/'))).toBe(true);
  });

  it("logs a failing request's 500 with its request id, and answers without a stack trace", async () => {
    const signIn = await fetch(`${app.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'manager', password: app.managerPassword }),
    });
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!;
    // A read model the request needs is gone: the query fails inside the handler.
    await app.infrastructure.database.knex.raw('alter table products rename to products_gone');
    try {
      const failed = await fetch(`${app.url}/api/products`, { headers: { cookie } });
      expect(failed.status).toBe(500);
      expect(await failed.json()).toEqual({ message: 'Internal server error' });
      const id = failed.headers.get('x-request-id');
      await settle();
      const errorLine = logs.lines().find((line) => line.context === 'HttpErrorFilter' && line.requestId === id);
      expect(errorLine).toMatchObject({
        level: 50,
        msg: 'Request failed',
        err: { message: expect.stringContaining('products'), stack: expect.stringContaining('\n    at ') },
      });
      expect(logs.lines().find((line) => line.req?.path === '/api/products' && line.requestId === id)).toMatchObject({
        level: 50,
        res: { statusCode: 500 },
      });
    } finally {
      await app.infrastructure.database.knex.raw('alter table products_gone rename to products');
    }
  });
});
