import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startTestApp } from './support/test-app';
import { useTestApp } from './support/use-test-app';

/** A raw GET, so the test sees the bytes and Content-Encoding as sent (fetch would decode them). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      httpRequest(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
        .on('error', reject)
        .end();
    },
  );
}

const SCRIPT = `console.log(${JSON.stringify('glow '.repeat(2000))});\n`;

async function fakeWebDist(): Promise<string> {
  const dist = await mkdtemp(join(tmpdir(), 'shop-web-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(
    join(dist, 'index.html'),
    `<!doctype html><html><body><div id="root"></div>${'<!-- pad -->'.repeat(200)}</body></html>`,
  );
  await writeFile(join(dist, 'assets', 'index-Bx3kQ9aZ.js'), SCRIPT);
  return dist;
}

const product = (sku: string) => ({ name: 'Rose Toner', sku, category: 'Skincare Products', price: '2500' });

describe('browser-facing defences', () => {
  const app = useTestApp(async () => ({ webDist: await fakeWebDist() }));

  describe('security headers', () => {
    it('sends CSP, frame-ancestors none, nosniff and a Referrer-Policy on API, error and web responses, no HSTS over plain HTTP', async () => {
      const routerAnswers = ['/api/products/%E0%A4%A', `/api/products/${'x'.repeat(10_001)}`];
      for (const path of [
        '/api/health',
        '/api/products',
        '/api/nope',
        '/',
        '/products',
        '/assets/index-Bx3kQ9aZ.js',
        ...routerAnswers,
      ]) {
        const { headers } = await rawGet(`${app.url}${path}`);
        const csp = String(headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toContain('upgrade-insecure-requests');
        expect(headers['x-content-type-options']).toBe('nosniff');
        expect(headers['x-frame-options']).toBe('DENY');
        expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        expect(headers['strict-transport-security']).toBeUndefined();
      }
    });

    it('sends HSTS when COOKIE_SECURE is on, and lets the S3 bucket serve media and take uploads when S3 is configured', async () => {
      const secure = await startTestApp({
        cookieSecure: true,
        s3: { bucket: 'glow-media', region: 'eu-west-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
      });
      try {
        const { headers } = await rawGet(`${secure.url}/api/health`);
        expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        const csp = String(headers['content-security-policy']);
        const bucket = 'https://glow-media.s3.eu-west-1.amazonaws.com';
        expect(csp).toContain(`img-src 'self' data: blob: ${bucket}`);
        expect(csp).toContain(`media-src 'self' blob: ${bucket}`);
        expect(csp).toContain(`connect-src 'self' ${bucket}`);
        expect(csp).toContain('upgrade-insecure-requests');
      } finally {
        await secure.close();
      }
    });
  });

  describe('cross-site state-changing calls', () => {
    it('refuses a cookie-authenticated POST from another Origin with 403 { message } and records nothing', async () => {
      const before = await app.snapshot();
      const refused = await app.manager.request('POST', '/api/products', product('CSRF-1'), {
        origin: 'https://evil.example',
      });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({ message: 'Cross-site requests are not allowed' });
      const fetchMetadata = await app.manager.request('POST', '/api/products', product('CSRF-2'), {
        'sec-fetch-site': 'cross-site',
      });
      expect(fetchMetadata.status).toBe(403);
      const sameSite = await app.manager.request('POST', '/api/products', product('CSRF-3'), {
        'sec-fetch-site': 'same-site',
      });
      expect(sameSite.status).toBe(403);
      const nullOrigin = await app.manager.request('POST', '/api/products', product('CSRF-4'), { origin: 'null' });
      expect(nullOrigin.status).toBe(403);
      expect(await app.snapshot()).toEqual(before);
    });

    it('refuses cross-site PUT and DELETE too, and a cross-site sign-in or support form post', async () => {
      const created = await app.manager.post('/api/products', product('CSRF-PUT'));
      expect(created.status).toBe(201);
      const before = await app.snapshot();
      const crossSite = { 'sec-fetch-site': 'cross-site' };
      expect((await app.manager.request('PUT', '/api/settings/page_permissions', {}, crossSite)).status).toBe(403);
      expect(
        (await app.manager.request('PATCH', `/api/online-orders/${created.body.id}/status`, {}, crossSite)).status,
      ).toBe(403);
      expect(
        (await app.manager.request('DELETE', `/api/products/${created.body.id}`, undefined, crossSite)).status,
      ).toBe(403);
      const visitor = app.client();
      expect(
        (await visitor.request('POST', '/api/login', { username: 'manager', password: app.managerPassword }, crossSite))
          .status,
      ).toBe(403);
      expect(visitor.cookie).toBeNull();
      const support = { fullName: 'Ada Obi', email: 'ada@example.com', subject: 'Order', complaint: 'Where is it?' };
      expect(
        (await visitor.request('POST', '/api/customer-support', support, { origin: 'https://evil.example' })).status,
      ).toBe(403);
      expect(await app.snapshot()).toEqual(before);
    });

    it('lets same-origin browser calls, user-initiated ones and non-browser clients through', async () => {
      const host = new URL(app.url).host;
      const sameOrigin = await app.manager.request('POST', '/api/products', product('SAME-1'), {
        origin: app.url,
        'sec-fetch-site': 'same-origin',
      });
      expect(sameOrigin.status).toBe(201);
      const originOnly = await app.manager.request('POST', '/api/products', product('SAME-2'), {
        origin: `http://${host}`,
      });
      expect(originOnly.status).toBe(201);
      expect((await app.manager.post('/api/products', product('SAME-3'))).status).toBe(201);
      // GETs are never state-changing: a cross-site GET is not refused here (SameSite=Lax guards the cookie).
      expect(
        (await app.manager.request('GET', '/api/products', undefined, { 'sec-fetch-site': 'cross-site' })).status,
      ).toBe(200);
    });
  });

  describe('compression and caching of the web app', () => {
    it('serves hashed assets brotli- or gzip-compressed with a year-long immutable cache', async () => {
      const url = `${app.url}/assets/index-Bx3kQ9aZ.js`;
      const br = await rawGet(url, { 'accept-encoding': 'br, gzip' });
      expect(br.status).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
      const gzip = await rawGet(url, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);
      const plain = await rawGet(url);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.toString()).toBe(SCRIPT);
    });

    it('revalidates index.html and client routes on every visit', async () => {
      for (const path of ['/', '/products', '/index.html']) {
        const page = await rawGet(`${app.url}${path}`, { 'accept-encoding': 'gzip' });
        expect(page.status).toBe(200);
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(gunzipSync(page.body).toString()).toContain('<div id="root">');
      }
    });

    it('compresses JSON answers but leaves CSV exports as a plain stream', async () => {
      for (let i = 0; i < 15; i++) await app.manager.post('/api/products', product(`ZIP-${i}`));
      const cookie = app.manager.cookie!;
      const list = await rawGet(`${app.url}/api/products`, { 'accept-encoding': 'gzip', cookie });
      expect(list.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(list.body).toString()).length).toBeGreaterThanOrEqual(15);
      const csv = await rawGet(`${app.url}/api/reports/inventory.csv`, { 'accept-encoding': 'gzip, br', cookie });
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-encoding']).toBeUndefined();
      expect(csv.body.toString()).toContain('ZIP-14');
    });
  });
});
