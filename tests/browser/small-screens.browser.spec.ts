import { PRODUCT_CATEGORIES } from '@shop/contracts';
import type { Locator, Page } from 'playwright-core';
import { expectNoSeriousA11yViolations } from './support/axe';
import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { formatNaira, stockStatus } from './support/money';
import { scanAll } from './support/till';
import {
  expectHidden,
  expectText,
  expectVisible,
  horizontalOverflow,
  navigate,
  openSignedIn,
  screenshot,
} from './support/screen';

const PRODUCTS = 62;

/** Widths (px) by which an element's content is wider than its box: cut off or scrolling sideways. */
const clipped = (locator: Locator) =>
  locator.evaluateAll((elements) =>
    elements
      .map((element: any) => ({
        what: `${element.getAttribute('data-testid') ?? element.getAttribute('aria-label') ?? element.tagName}`,
        by: element.scrollWidth - element.clientWidth,
      }))
      .filter((entry) => entry.by > 0),
  );

/** Text shown whole, in every element `locator` finds: nothing beyond its box, no ellipsis cutting it. */
async function expectWhole(locator: Locator): Promise<void> {
  expect(await clipped(locator)).toEqual([]);
  // Runs in the page: everything it uses is inside it.
  const overflows = await locator.evaluateAll((elements) =>
    elements.map((element: any) => (globalThis as any).getComputedStyle(element).textOverflow as string),
  );
  expect(overflows).not.toContain('ellipsis');
}

/** The element's right edge lies inside the viewport (visible without scrolling sideways). */
async function expectInsideViewport(page: Page, locator: Locator): Promise<void> {
  await expectVisible(locator);
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/**
 * Issue 11, point 6: Products at 375 px shows price, stock, status and delete without sideways
 * scrolling; Products and Inventory page through many products; Reports has no clipped columns or
 * cards at 1280 px and stacks its tables at 375 px; Dashboard and Inventory fit at 375 px.
 */
describe('the standard screens at 1280 and 375 px', () => {
  const harness = useBrowserApp();
  const suffix = uniqueSuffix();
  const name = (index: number) =>
    index === 0
      ? `Extra Long Name Hydrating Overnight Recovery Serum With Vitamin C ${suffix}`
      : `Screen Item ${String(index).padStart(2, '0')} ${suffix}`;
  const first = { stock: 2, min: 5, price: '124999.99' };

  beforeAll(async () => {
    // Oldest first: the API lists newest first, so product 0 (the long name) ends up at the top.
    for (let index = PRODUCTS - 1; index >= 0; index--) {
      const response = await harness.manager.post('/api/products', {
        name: name(index),
        sku: `SCR-${String(index).padStart(2, '0')}-${suffix}`,
        category: PRODUCT_CATEGORIES[index % PRODUCT_CATEGORIES.length],
        price: index === 0 ? first.price : `${1000 + index * 37}.50`,
        costPrice: '500.00',
        currentStock: index === 0 ? first.stock : index % 7,
        minStockLevel: index === 0 ? first.min : 3,
      });
      expect(response.status).toBe(201);
    }
  }, 120_000);

  it('shows price, stock, status and delete of a product at 375 px without sideways scrolling', async () => {
    const { page, context } = await openSignedIn(harness, 375);
    await navigate(page, 'products', 'Products');
    const row = page.locator(`[data-testid="product-row"][data-sku="SCR-00-${suffix}"]`);
    await expectVisible(row);
    const cells = row.locator('td');
    await expectText(cells.nth(3), formatNaira(first.price));
    await expectText(cells.nth(4), String(first.stock));
    await expectText(row.getByTestId('stock-status'), stockStatus(first.stock, first.min));
    for (const part of [cells.nth(0), cells.nth(3), cells.nth(4), row.getByTestId('stock-status')]) {
      await expectInsideViewport(page, part);
    }
    await expectInsideViewport(page, row.getByRole('button', { name: `Delete ${name(0)}`, exact: true }));
    const view = page.getByTestId('products-view');
    const sizes = await view.evaluate((element: any) => ({ scroll: element.scrollWidth, client: element.clientWidth }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
    expect(await clipped(view.locator('table, tbody, tr, td, div'))).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, '80-products-cards', 375);
    await expectNoSeriousA11yViolations(page, '/products as cards at 375px');

    // 62 products: 50 on the first page, the rest on the next; a search finds one at once.
    await expectText(page.getByTestId('pager-status'), `1–50 of ${PRODUCTS}`);
    expect(await page.getByTestId('product-row').count()).toBe(50);
    await page.getByTestId('pager-next').click();
    await expectText(page.getByTestId('pager-status'), `51–${PRODUCTS} of ${PRODUCTS}`);
    expect(await page.getByTestId('product-row').count()).toBe(PRODUCTS - 50);
    await page.getByTestId('products-search').fill(`SCR-61-${suffix}`);
    await expectText(page.getByTestId('products-count'), `Showing 1 of ${PRODUCTS} products`);
    expect(await page.getByTestId('product-row').count()).toBe(1);
    await context.close();
  });

  it('shows a long product name whole on Transactions at 375 px, wrapped rather than cut', async () => {
    const products = (await harness.manager.get('/api/products')).body as { id: string; sku: string }[];
    const longNamed = products.find((product) => product.sku === `SCR-00-${suffix}`)!;
    const restock = await harness.manager.post('/api/transactions', {
      productId: longNamed.id,
      type: 'in',
      quantity: 1,
      unitPrice: '500.00',
      costPrice: '500.00',
      reason: 'purchase',
    });
    expect(restock.status).toBe(201);
    const { page, context } = await openSignedIn(harness, 375);
    await navigate(page, 'transactions', 'Transactions');
    await page.getByTestId('transactions-search').fill(name(0));
    const product = page.getByTestId('transaction-product').filter({ hasText: name(0) });
    await expectText(product.first(), name(0));
    await expectWhole(product);
    expect(await horizontalOverflow(page)).toBe(0);
    // The dashboard's compact list cuts the name to one line: its title gives the whole of it.
    await navigate(page, 'dashboard', 'Dashboard');
    const recent = page
      .getByTestId('recent-transaction')
      .filter({ hasText: name(0).slice(0, 20) })
      .first();
    await expectVisible(recent);
    expect(await recent.locator(`[title="${name(0)}"]`).count()).toBe(1);
    await context.close();
  });

  it("shows a till sale's whole id on Transactions at 375 px, beside its Reversed badge", async () => {
    const products = (await harness.manager.get('/api/products')).body as { id: string; sku: string }[];
    const item = products.find((product) => product.sku === `SCR-01-${suffix}`)!;
    // The till's own id: CASH-{13-digit timestamp}-{9 random characters}.
    const saleId = `CASH-${Date.now()}-${suffix.toLowerCase().padEnd(9, 'x').slice(0, 9)}`;
    const sold = await harness.manager.post('/api/sales', {
      saleId,
      items: [{ productId: item.id, quantity: 1 }],
      paymentMethod: 'cash',
    });
    expect(sold.status).toBe(201);
    const line = (sold.body as { lines: { id: string }[] }).lines[0]!;
    const reversed = await harness.manager.post(`/api/transactions/${line.id}/reverse`, { notes: 'Rang up twice' });
    expect(reversed.status).toBe(201);
    const { page, context } = await openSignedIn(harness, 375);
    await navigate(page, 'transactions', 'Transactions');
    await page.getByTestId('transactions-search').fill(saleId);
    const group = page.locator(`[data-testid="transaction-group"][data-sale-id="${saleId}"]`);
    await expectVisible(group.getByTestId('sale-reversed'));
    const id = group.getByTestId('transaction-sale-id');
    await expectText(id, saleId);
    expect(await clipped(id)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await context.close();
  });

  it('shows a long product name whole on the Transaction Slip at 375 px, wrapped rather than cut', async () => {
    const { page, context } = await openSignedIn(harness, 375);
    await navigate(page, 'sales', 'Sales Till');
    await scanAll(page, [`SCR-00-${suffix}`]);
    await page.getByTestId('view-cart-button').click();
    const line = page.getByTestId('cart-dialog').getByTestId('cart-line');
    await expectVisible(line);
    const productName = line.getByText(name(0), { exact: true });
    await expectVisible(productName);
    await expectWhole(productName);
    await context.close();
  });

  it("shows a long product name whole in Reports' stock alerts at 375 px, wrapped rather than cut", async () => {
    const { page, context } = await openSignedIn(harness, 375);
    await navigate(page, 'reports', 'Reports');
    const low = page.getByTestId('stock-alerts-low');
    await expectVisible(low.getByTestId('stock-alert').first());
    const toggle = page.getByTestId('stock-alerts-low-toggle');
    if (await toggle.count()) await toggle.click();
    const alert = low.locator(`[data-testid="stock-alert"][data-sku="SCR-00-${suffix}"]`);
    const productName = alert.getByText(name(0), { exact: true });
    await expectVisible(productName);
    await expectWhole(productName);
    await context.close();
  });

  it('fits Dashboard, Inventory and Reports into 375 px', async () => {
    const { page, context } = await openSignedIn(harness, 375);
    await expectVisible(page.getByTestId('metric-card-total-products'));
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, '81-dashboard', 375);

    await navigate(page, 'inventory', 'Inventory');
    await expectVisible(page.getByTestId('product-card').first());
    expect(await page.getByTestId('product-card').count()).toBe(30);
    await expectText(page.getByTestId('pager-status'), `1–30 of ${PRODUCTS}`);
    expect(await clipped(page.getByTestId('product-card'))).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, '82-inventory', 375);

    await navigate(page, 'reports', 'Reports');
    await expectVisible(page.getByTestId('category-chart').locator('.recharts-bar-rectangle').first());
    await expectVisible(page.getByTestId('as-of-row').first());
    // Every table stacks: no region scrolls sideways, no card is cut.
    expect(await clipped(page.locator('[role="region"], [data-testid^="report-card-"]'))).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    // One readable bar per category, each category named on the axis.
    const ticks = await page
      .getByTestId('category-chart')
      .locator('.recharts-yAxis .recharts-cartesian-axis-tick')
      .count();
    expect(ticks).toBe(PRODUCT_CATEGORIES.length);
    await screenshot(page, '83-reports', 375);
    await context.close();
  });

  it('opens the bell breakdown on a click or tap at 375 px (no hover on a touch screen), and closes it again', async () => {
    const { page, context } = await openSignedIn(harness, 375);
    const bell = page.getByTestId('notification-bell');
    await expectVisible(bell);
    await bell.click();
    const tooltip = page.getByTestId('notification-tooltip');
    await expectVisible(tooltip);
    await expect(tooltip.innerText()).resolves.toMatch(/\d+ low stock items?\s+\d+ pending online orders?/);
    await bell.click();
    await tooltip.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('keeps both export buttons of Reports on screen at 1024 px, beside the sidebar', async () => {
    const { page, context } = await openSignedIn(harness, 1024);
    await navigate(page, 'reports', 'Reports');
    await expectInsideViewport(page, page.getByTestId('export-inventory'));
    await expectInsideViewport(page, page.getByTestId('export-transactions'));
    expect(await horizontalOverflow(page)).toBe(0);
    await context.close();
  });

  it('takes "View All N Low Stock Items" to Inventory showing those N products only, then all again', async () => {
    const { page, context } = await openSignedIn(harness, 1280);
    const viewAll = page.getByTestId('low-stock-view-all');
    await expectVisible(viewAll);
    const lowCount = Number(/View All (\d+) Low Stock Items/.exec(await viewAll.innerText())?.[1]);
    expect(lowCount).toBeGreaterThan(3);
    await viewAll.click();
    await page.waitForURL(/\/inventory\?stock=low$/);
    await expectVisible(page.getByTestId('inventory-low-stock-only'));
    const shown = Math.min(lowCount, 30);
    await expectText(page.getByTestId('pager-status'), `1–${shown} of ${lowCount}`);
    const statuses = await page.getByTestId('product-card').getByTestId('stock-status').allInnerTexts();
    expect(statuses).toHaveLength(shown);
    for (const status of statuses) expect(['Low Stock', 'Out of Stock']).toContain(status.trim());
    await page.getByTestId('inventory-show-all').click();
    await expectText(page.getByTestId('pager-status'), `1–30 of ${PRODUCTS}`);
    await expectHidden(page.getByTestId('inventory-low-stock-only'));
    await context.close();
  });

  it('shows every report column and card whole at 1280 px', async () => {
    const { page, context } = await openSignedIn(harness, 1280);
    await navigate(page, 'reports', 'Reports');
    await expectVisible(page.getByTestId('category-chart').locator('.recharts-bar-rectangle').first());
    await expectVisible(page.getByTestId('as-of-row').first());
    expect(await clipped(page.locator('[role="region"], [data-testid^="report-card-"]'))).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    // Each card's figure on one line (an amount broken in two, "₦645,434.4 / 8", reads as another number).
    const lines = await page
      .getByTestId('report-card-value')
      .evaluateAll((values) =>
        values.map((value: any) =>
          Math.round(value.offsetHeight / parseFloat((globalThis as any).getComputedStyle(value).lineHeight)),
        ),
      );
    expect(lines).toEqual(lines.map(() => 1));
    await screenshot(page, '84-reports', 1280);
    // Long lists come a part at a time: the first 10 alerts of a kind, stock as of in pages of 50.
    const lowAlerts = page.getByTestId('stock-alerts-low').getByTestId('stock-alert');
    expect(await lowAlerts.count()).toBe(10);
    const lowTotal = await page.getByTestId('stock-alerts-low').locator('h3 span').innerText();
    await page.getByTestId('stock-alerts-low-toggle').click();
    expect(`(${await lowAlerts.count()})`).toBe(lowTotal);
    expect(await page.getByTestId('as-of-row').count()).toBe(50);
    await expectText(page.getByTestId('as-of-pager').getByTestId('pager-status'), `1–50 of ${PRODUCTS}`);
    await navigate(page, 'products', 'Products');
    await expectVisible(page.getByTestId('product-row').first());
    await screenshot(page, '85-products', 1280);
    await context.close();
  });

  // Last two: the product added here would change the counts the tests above expect.
  const longWordName = `Gel Nail Polish Kit Supercalifragilisticexpialidocious-Edition ${suffix}`;
  let longWordId = '';
  it('shows Status and Value of a product with a long SKU at 1280 px, not hidden under Actions', async () => {
    const sku = `NAIL-GEL-KIT-PROFESSIONAL-EDITION-${suffix}`;
    const created = await harness.manager.post('/api/products', {
      name: longWordName,
      sku,
      category: 'Nail Care',
      price: '9999.99',
      currentStock: 1,
      minStockLevel: 2,
    });
    expect(created.status).toBe(201);
    longWordId = created.body.id;
    const { page, context } = await openSignedIn(harness, 1280);
    await navigate(page, 'products', 'Products');
    await page.getByTestId('products-search').fill(sku);
    const row = page.locator(`[data-testid="product-row"][data-sku="${sku}"]`);
    await expectVisible(row);
    // Each cell is on screen and is what a click at its middle reaches (not the sticky Actions column).
    const cells = await row.locator('td').evaluateAll((tds) =>
      tds.map((td: any) => {
        const rect = td.getBoundingClientRect();
        const hit = (globalThis as any).document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return {
          label: td.getAttribute('data-label'),
          shown: rect.right <= (globalThis as any).innerWidth && td.contains(hit),
        };
      }),
    );
    expect(cells.filter((cell) => !cell.shown)).toEqual([]);
    await expectText(row.locator('td[data-label="Status"]'), 'Low Stock');
    await expectText(row.locator('td[data-label="Value"]'), formatNaira('9999.99'));
    await context.close();
  });

  it('keeps the Counted box of a product whose name has a long word inside the stocktake sheet at 375 px', async () => {
    const { page, context } = await openSignedIn(harness, 375);
    await page.goto('/inventory/stocktake');
    const input = page.locator(`#count-${longWordId}`);
    await input.scrollIntoViewIfNeeded();
    await expectVisible(input);
    await expectText(page.locator(`label[for="count-${longWordId}"]`), longWordName);
    const sheet = page.getByTestId('count-sheet');
    // Nothing of the sheet lies beyond its card: no row's count box is cut or needs sideways scrolling.
    expect(
      await sheet.evaluate((table: any) => table.parentElement.scrollWidth - table.parentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    const box = await input.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    expect(await horizontalOverflow(page)).toBe(0);
    await context.close();
  });
});
