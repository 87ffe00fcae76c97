import { setTimeout as delay } from 'node:timers/promises';
import type { Locator, Page } from 'playwright-core';
import { MANAGER, uniqueSuffix, useBrowserApp } from './support/browser-app';
import { expectNoSeriousA11yViolations } from './support/axe';
import { ACCESS_RESTRICTED_TEXT } from './support/pages';
import {
  MOBILE_BREAKPOINT,
  expectHeading,
  expectText,
  expectVisible,
  horizontalOverflow,
  navigate,
  openSignedIn,
  screenshot,
} from './support/screen';

/** Waits until `read()` gives `expected` (the list refetches after a pause in typing). */
async function waitFor<T>(read: () => Promise<T>, expected: T, what: string, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let actual = await read();
  while (actual !== expected) {
    if (Date.now() > deadline) throw new Error(`${what}: expected ${String(expected)}, got ${String(actual)}`);
    await delay(100);
    actual = await read();
  }
}

const countOf = (locator: Locator) => () => locator.count();

/**
 * The audit trail page (issue 11, point 1): a manager finds a specific cost price change by free
 * text, sees it before → after, opens the product's history from the row; filters by entity; pages
 * older entries through the server's cursor; exports the filtered view as CSV. Assistants do not
 * see the page unless a manager grants it. No serious or critical axe violation.
 */
describe('audit trail page', () => {
  const harness = useBrowserApp();
  const suffix = uniqueSuffix();
  const serum = {
    name: `Audit Serum ${suffix}`,
    sku: `AUD-S-${suffix}`,
    category: 'Skincare Products',
    price: '2500.00',
    costPrice: '1000.00',
    currentStock: 6,
    minStockLevel: 2,
  };
  const bulkPrefix = `Bulk ${suffix}`;
  const BULK = 53;
  let serumId = '';

  beforeAll(async () => {
    const { manager } = harness;
    const created = await manager.post('/api/products', serum);
    expect(created.status).toBe(201);
    serumId = created.body.id;
    const restock = await manager.post('/api/transactions', {
      productId: serumId,
      type: 'in',
      quantity: 4,
      unitPrice: '2500.00',
      costPrice: '1150.50',
      reason: 'purchase',
      notes: 'New supplier price',
    });
    expect(restock.status).toBe(201);
    const sale = await manager.post('/api/sales', {
      saleId: `aud-${suffix}`,
      items: [{ productId: serumId, quantity: 1 }],
      discountPercentage: '0',
      paymentMethod: 'cash',
    });
    expect(sale.status).toBe(201);
    // More than one page (50) of events matching one search, to page through the cursor.
    for (let index = 0; index < BULK; index++) {
      const bulk = await manager.post('/api/products', {
        name: `${bulkPrefix} ${String(index).padStart(2, '0')}`,
        sku: `AUD-B-${suffix}-${index}`,
        category: 'Body Care',
        price: '100.00',
        currentStock: 1,
      });
      expect(bulk.status).toBe(201);
    }
    const assistant = await manager.post('/api/users', {
      username: `aud${suffix}`.toLowerCase(),
      password: 'assistant-secret-1',
    });
    expect(assistant.status).toBe(201);
  });

  const search = async (page: Page, text: string) => {
    await page.getByTestId('audit-search').fill(text);
  };

  describe.each([1280, 375])('at %i px', (width) => {
    const mobile = width < MOBILE_BREAKPOINT;
    let page: Page;

    beforeAll(async () => {
      ({ page } = await openSignedIn(harness, width));
      await navigate(page, 'audit', 'Audit Trail');
    });

    it('finds a specific cost price change by free text and opens its product history', async () => {
      await expectVisible(page.getByTestId('audit-entry').first());
      await search(page, serum.sku);
      const entries = page.getByTestId('audit-entry');
      // Newest first: the sale's stock out, the stock in with the new cost, the creation.
      const priceChange = entries.filter({ has: page.getByTestId('audit-change') });
      await expectVisible(priceChange.first());
      await expectText(page.getByTestId('audit-summary').first(), /^Stock out: 1 ×/);
      expect(await entries.count()).toBe(3);
      await expectText(priceChange.getByTestId('audit-change'), /^cost price: ₦1,000\.00 → +changed to +₦1,150\.50$/);
      await expectText(priceChange.getByTestId('audit-summary'), /cost price ₦1,000\.00 → ₦1,150\.50/);
      await expectText(priceChange.getByTestId('audit-by'), `by ${MANAGER.username}`);
      expect(await priceChange.getAttribute('data-entity-id')).toBe(serumId);
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, `audit-price-change-search`, width);
      await expectNoSeriousA11yViolations(page, `audit trail at ${width}px`);

      await priceChange.getByTestId('audit-entity-link').click();
      await page.waitForURL(`**/products?history=${serumId}`);
      const history = page.getByRole('dialog');
      await expectVisible(history.getByTestId('history-entry').first());
      await expectText(history.getByRole('heading', { name: /History:/ }), `History: ${serum.name}`);
      expect(await history.getByTestId('history-entry').count()).toBe(3);
      await screenshot(page, `audit-opened-product-history`, width, { fullPage: false });
      await expectNoSeriousA11yViolations(page, `product history dialog opened from the audit trail at ${width}px`);
      await page.keyboard.press('Escape');
      await page.waitForURL('**/products');
      await navigate(page, 'audit', 'Audit Trail');
    });

    it('pages older entries through the server cursor, and filters by entity', async () => {
      await search(page, bulkPrefix);
      const entries = page.getByTestId('audit-entry');
      await expectText(
        page.getByTestId('audit-summary').first(),
        `Created product ${bulkPrefix} ${BULK - 1} (AUD-B-${suffix}-${BULK - 1}) with 1 in stock`,
      );
      await waitFor(countOf(entries), 50, 'entries on the first page');
      await page.getByTestId('audit-load-more').click();
      await waitFor(countOf(entries), BULK, 'entries after loading older ones');
      await expectText(
        page.getByTestId('audit-summary').last(),
        `Created product ${bulkPrefix} 00 (AUD-B-${suffix}-0) with 1 in stock`,
      );
      expect(await page.getByTestId('audit-load-more').count()).toBe(0);
      expect(await entries.count()).toBe(BULK);

      await search(page, suffix);
      await page.getByTestId('audit-entity-filter').click();
      await page.getByRole('option', { name: 'Sale', exact: true }).click();
      await expectText(page.getByTestId('audit-summary').first(), new RegExp(`^Sale aud-${suffix}: 1 line`));
      expect(await entries.count()).toBe(1);
      const saleRow = entries.first();
      expect(await saleRow.getAttribute('data-entity')).toBe('sale');
      if (!mobile) {
        await saleRow.getByTestId('audit-entity-link').click();
        await page.waitForURL(`**/transactions?search=aud-${suffix}`);
        await expectHeading(page, 'Transactions');
        expect(await page.getByTestId('transactions-search').inputValue()).toBe(`aud-${suffix}`);
        await page.goBack();
        await expectHeading(page, 'Audit Trail');
      }
    });

    it('exports the filtered view as CSV', async () => {
      // At 1280 px the previous test went to the sale and back: the filters start empty again.
      const clear = page.getByTestId('audit-clear-filters');
      if (await clear.isEnabled()) await clear.click();
      await search(page, serum.sku);
      await waitFor(countOf(page.getByTestId('audit-entry')), 3, 'entries of the serum');
      const link = page.getByTestId('audit-export-csv');
      await waitFor(
        async () => (await link.getAttribute('href'))?.includes(encodeURIComponent(serum.sku)) ?? false,
        true,
        'export link follows the filter',
      );
      const href = await link.getAttribute('href');
      const response = await page.request.get(href!);
      expect(response.status()).toBe(200);
      const lines = (await response.text())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe('When (Lagos),User,Entity,Entity ID,Event,Summary,Changes');
      expect(lines.slice(1).map((line) => line.split(',')[4])).toEqual([
        'StockIssued',
        'StockReceived',
        'ProductCreated',
      ]);
      expect(lines[2]).toContain('cost price: 1000.00 -> 1150.50');
    });

    it('says a From after To is no range, with no export, then lists again once the range is fixed', async () => {
      const clear = page.getByTestId('audit-clear-filters');
      if (await clear.isEnabled()) await clear.click();
      const requests: string[] = [];
      const onRequest = (request: { url(): string }) => {
        if (request.url().includes('/api/audit')) requests.push(request.url());
      };
      page.on('request', onRequest);
      await page.getByTestId('audit-from').fill('2026-03-05');
      await page.getByTestId('audit-to').fill('2026-03-01');
      await expectText(page.getByTestId('audit-range-error'), 'The start date must be on or before the end date.');
      expect(await page.getByTestId('audit-entries').count()).toBe(0);
      await expect(page.getByText('The audit trail could not be loaded.').count()).resolves.toBe(0);
      // The export is no link while there is no range: it would download the server's 400.
      const exportCsv = page.getByTestId('audit-export-csv');
      expect(await exportCsv.getAttribute('href')).toBeNull();
      expect(await exportCsv.getAttribute('aria-disabled')).toBe('true');
      await delay(500);
      page.off('request', onRequest);
      expect(requests.filter((url) => url.includes('from=2026-03-05'))).toEqual([]);
      await page.getByTestId('audit-clear-filters').click();
      await expectVisible(page.getByTestId('audit-entries'));
      expect(await exportCsv.getAttribute('href')).toBe('/api/audit.csv');
    });
  });

  it('is not shown to an assistant by default', async () => {
    const { page } = await openSignedIn(harness, 1280, {
      username: `aud${suffix}`.toLowerCase(),
      password: 'assistant-secret-1',
    });
    expect(await page.getByTestId('sidebar').getByTestId('nav-audit').count()).toBe(0);
    await page.goto('/audit');
    const notice = page.getByTestId('access-restricted');
    await expectVisible(notice.getByText(ACCESS_RESTRICTED_TEXT, { exact: true }));
  });
});
