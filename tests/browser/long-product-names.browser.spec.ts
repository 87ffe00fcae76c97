import type { Locator } from 'playwright-core';
import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { receiveStock } from './support/catalogue';
import { expectVisible, horizontalOverflow, navigate, openSignedIn, screenshot } from './support/screen';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Africa/Lagos is UTC+01:00 all year. */
const lagosDay = (time: number) => new Date(time + 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * Each element behind `locator` (and each element inside it) whose content is wider than its box, or
 * whose box reaches past its own `container`'s right edge: its test id or tag and by how many px.
 */
const spilling = (locator: Locator, container: string) =>
  locator.evaluateAll(
    (elements, selector) =>
      elements.flatMap((element: any) => {
        const outer = (element.closest(selector) ?? element).getBoundingClientRect();
        return [element, ...element.querySelectorAll('*')]
          .map((node: any) => ({
            what: (node.getAttribute('data-testid') ?? node.tagName.toLowerCase()) as string,
            by: Math.max(
              node.scrollWidth - node.clientWidth,
              Math.ceil(node.getBoundingClientRect().right - outer.right),
            ),
          }))
          .filter((entry) => entry.by > 0);
      }),
    container,
  );

/**
 * A product name with no space in it (a brand's run-together name, 45 letters) on a phone: it wraps
 * inside the reports' "Recorded since then" list, and the till's card cuts it at two lines with an
 * ellipsis, its whole name in the title, and wraps its unbroken 60-character SKU; neither the list,
 * the card nor the page scrolls sideways.
 */
describe('product names with no spaces at 375 px', () => {
  const harness = useBrowserApp();
  const suffix = uniqueSuffix();
  const name = `Ultrahydratingovernightrepairserumconcentrate${suffix}`;
  // A SKU of 60 characters with no break in it either (the contract takes up to 100).
  const sku = `NOSPACE${suffix}`.padEnd(60, 'X');

  beforeAll(async () => {
    expect(name.slice(0, 45)).toMatch(/^[A-Za-z]{45}$/);
    const created = await harness.manager.post('/api/products', {
      name,
      sku,
      category: 'Skincare Products',
      price: '4500.00',
      costPrice: '2000.00',
      currentStock: 12,
      minStockLevel: 2,
    });
    expect(created.status).toBe(201);
    await receiveStock(harness, created.body.id, { quantity: 3, unitPrice: '4500.00', notes: 'Restock' });
  });

  it('the reports "Recorded since then" list wraps the name inside its rows', async () => {
    const { page, context } = await openSignedIn(harness, 375);
    await navigate(page, 'reports', 'Reports');
    // From yesterday, as known at the end of yesterday: today's restock was recorded since then.
    const yesterday = lagosDay(Date.now() - DAY_MS);
    await page.getByTestId('report-range-from').fill(yesterday);
    await page.getByTestId('report-known-at').fill(yesterday);
    const change = page.locator(`[data-testid="later-change"][data-sku="${sku}"]`);
    await expectVisible(change);
    await change.scrollIntoViewIfNeeded();
    await screenshot(page, '82-later-changes-long-name', 375, { fullPage: false });

    expect(await spilling(change, '[data-testid="later-change"]')).toEqual([]);
    expect(await spilling(page.getByTestId('later-changes'), '[data-testid="later-changes"]')).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await context.close();
  });

  it("the till's card cuts the name at two lines, its whole name in the title", async () => {
    const { page, context } = await openSignedIn(harness, 375);
    await navigate(page, 'sales', 'Sales Till');
    const tile = page.locator(`[data-testid="product-tile"][data-sku="${sku}"]`);
    await expectVisible(tile);
    await tile.scrollIntoViewIfNeeded();
    await screenshot(page, '83-till-tile-long-name', 375, { fullPage: false });

    const title = tile.getByRole('heading', { level: 3 });
    expect(await title.getAttribute('title')).toBe(name);
    expect(await spilling(tile, '[data-testid="product-tile"]')).toEqual([]);
    // Cut, not grown: at most two lines tall, and the name does not fit them whole.
    const box = await title.evaluate((element: any) => ({
      lines: element.clientHeight / parseFloat((globalThis as any).getComputedStyle(element).lineHeight),
      cut: element.scrollHeight > element.clientHeight,
    }));
    expect(box.lines).toBeLessThanOrEqual(2);
    expect(box.cut).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await context.close();
  });
});

describe('an unbroken 60-character SKU at 375 px', () => {
  const harness = useBrowserApp();
  const suffix = uniqueSuffix();
  const sku = `LONGSKU${suffix}`.padEnd(60, 'Q');

  beforeAll(async () => {
    const created = await harness.manager.post('/api/products', {
      name: `Long SKU Balm ${suffix}`,
      sku,
      category: 'Body Care',
      price: '1500.00',
      costPrice: '700.00',
      currentStock: 1,
      minStockLevel: 5,
    });
    expect(created.status).toBe(201);
  });

  it('wraps inside its Inventory card', async () => {
    const { page, context } = await openSignedIn(harness, 375);
    await navigate(page, 'inventory', 'Inventory');
    const card = page.locator(`[data-testid="product-card"][data-sku="${sku}"]`);
    await expectVisible(card);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, '84-inventory-card-long-sku', 375, { fullPage: false });
    expect(await spilling(card, '[data-testid="product-card"]')).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await context.close();
  });
});
