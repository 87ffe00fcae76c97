import type { Page } from 'playwright-core';
import { MANAGER, uniqueSuffix, useBrowserApp } from './support/browser-app';
import { expectHeading, navigate, signIn } from './support/screen';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The built app under the gateway's Content-Security-Policy: pages render, product media load and
 * the direct upload PUT goes through, with not one violation reported by Chromium.
 */
describe('content security policy: the built web app runs under it', () => {
  const harness = useBrowserApp();
  let page: Page;
  const violations: string[] = [];

  beforeAll(async () => {
    ({ page } = await harness.newPage(1280));
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(() => {
      // The tests' tsconfig has no DOM types: the page's globals are reached through globalThis.
      const scope = globalThis as any;
      const seen: string[] = [];
      scope.cspViolations = seen;
      scope.document.addEventListener('securitypolicyviolation', (event: any) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
  });

  const reported = async () => [
    ...violations,
    ...(await page.evaluate(() => (globalThis as any).cspViolations as string[])),
  ];

  it('renders the sign-in page with the CSP header and no violation', async () => {
    const response = await page.goto('/');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await page.getByTestId('sign-in-form').waitFor();
    expect(await reported()).toEqual([]);
  });

  it("signs in, shows a product's uploaded image on Inventory, and uploads from the page, with no violation", async () => {
    const issued = await harness.manager.post('/api/product-media/upload', {
      filename: 'tint.png',
      contentType: 'image/png',
    });
    const put = await fetch(issued.body.uploadURL, {
      method: 'PUT',
      body: PNG,
      headers: { 'content-type': 'image/png' },
    });
    const { path } = (await put.json()) as { path: string };
    const sku = `CSP-${uniqueSuffix()}`;
    const created = await harness.manager.post('/api/products', {
      name: `Lip Tint ${sku}`,
      sku,
      category: 'Makeup Products',
      price: '1500',
      images: [path],
    });
    expect(created.status).toBe(201);

    await signIn(page, MANAGER.username, MANAGER.password);
    await navigate(page, 'inventory', 'Inventory');
    await expectHeading(page, 'Inventory');
    await page.getByTestId('inventory-search').fill(sku);
    await page.locator(`img[src="${path}"]`).first().waitFor();
    await page.waitForFunction(
      (src) =>
        [...(globalThis as any).document.querySelectorAll('img')].some(
          (image: any) => image.getAttribute('src') === src && image.complete && image.naturalWidth === 1,
        ),
      path,
    );

    // The page's own direct upload: a same-origin PUT to the ticket URL (connect-src).
    const ticket = await page.evaluate(async () => {
      const response = await fetch('/api/product-media/upload', { method: 'POST' });
      return ((await response.json()) as { uploadURL: string }).uploadURL;
    });
    const status = await page.evaluate(
      async (url) =>
        (
          await fetch(url, {
            method: 'PUT',
            body: new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' }),
          })
        ).status,
      ticket.replace('//localhost:', '//127.0.0.1:'),
    );
    expect(status).toBe(200);
    expect(await reported()).toEqual([]);
  });
});
