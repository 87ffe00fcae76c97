import type { Locator, Page } from 'playwright-core';
import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { receiveStock } from './support/catalogue';
import { expectText, expectVisible, navigate, openSignedIn, screenshot } from './support/screen';

/** Waits until the locator finds exactly `count` elements; fails with the count it last saw. */
async function expectCount(locator: Locator, count: number, timeout = 15_000): Promise<void> {
  const deadline = Date.now() + timeout;
  let seen = await locator.count();
  while (seen !== count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} of ${locator}, saw ${seen}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    seen = await locator.count();
  }
}

const chooseOption = async (page: Page, trigger: Locator, label: string) => {
  await trigger.click();
  await page.getByRole('option', { name: label, exact: true }).click();
};

/**
 * A manager auditing narrows a list, opens one of its rows' links, comes Back (or reloads) and
 * finds the list as narrowed: the filters live in the page's address, not only in its memory.
 */
describe('filters kept in the address across Back and reload', () => {
  const harness = useBrowserApp();
  const suffix = uniqueSuffix();
  const toner = `Address Toner ${suffix}`;

  beforeAll(async () => {
    for (const name of [toner, `Address Cream ${suffix}`]) {
      const created = await harness.manager.post('/api/products', {
        name,
        sku: `ADDR-${name.split(' ')[1]!.toUpperCase()}-${suffix}`,
        category: 'Skincare Products',
        price: '1500.00',
        costPrice: '900.00',
        currentStock: 10,
        minStockLevel: 2,
      });
      expect(created.status).toBe(201);
      await receiveStock(harness, created.body.id, { quantity: 3, unitPrice: '1500.00', notes: `Restock of ${name}` });
    }
  });

  it('audit trail: the search and entity filter survive opening a product history and coming Back, and a reload', async () => {
    const { page, context } = await openSignedIn(harness, 1280);
    await navigate(page, 'audit', 'Audit Trail');
    const entries = page.getByTestId('audit-entry');
    await page.getByTestId('audit-search').fill(toner);
    await chooseOption(page, page.getByTestId('audit-entity-filter'), 'Product');
    // The toner's creation and its restock; not the cream's, nor any sign-in.
    await expectCount(entries, 2);

    await entries.first().getByTestId('audit-entity-link').click();
    await expectVisible(page.getByRole('dialog'));
    await page.goBack();
    await expectVisible(page.getByTestId('audit-filters'));
    expect(await page.getByTestId('audit-search').inputValue()).toBe(toner);
    await expectText(page.getByTestId('audit-entity-filter'), 'Product');
    await expectCount(entries, 2);

    await page.reload();
    await expectVisible(page.getByTestId('audit-filters'));
    expect(await page.getByTestId('audit-search').inputValue()).toBe(toner);
    await expectCount(entries, 2);

    // Clear Filters empties the address too: a reload then shows the whole trail.
    await page.getByTestId('audit-clear-filters').click();
    await page.reload();
    await expectVisible(page.getByTestId('audit-filters'));
    expect(await page.getByTestId('audit-search').inputValue()).toBe('');
    await expectText(page.getByTestId('audit-entity-filter'), 'All Entities');
    await context.close();
  });

  it('transactions: the search, type and reason filters survive a product history, another page and Back, and a reload', async () => {
    const { page, context } = await openSignedIn(harness, 375);
    await navigate(page, 'transactions', 'Transactions');
    const groups = page.getByTestId('transaction-group');
    await page.getByTestId('transactions-search').fill(toner);
    await chooseOption(page, page.getByTestId('transactions-type-filter'), 'Stock In');
    await chooseOption(page, page.getByTestId('transactions-reason-filter'), 'Purchase');
    // The toner's restock only.
    await expectCount(groups, 1);

    // A line's History opens and closes on the page itself; then away to another page and Back.
    await groups.first().getByTestId('line-history-button').click();
    await expectVisible(page.getByRole('dialog'));
    await page.keyboard.press('Escape');
    await navigate(page, 'products', 'Products');
    await page.goBack();
    await expectVisible(page.getByTestId('transactions-search'));
    expect(await page.getByTestId('transactions-search').inputValue()).toBe(toner);
    await expectText(page.getByTestId('transactions-type-filter'), 'Stock In');
    await expectText(page.getByTestId('transactions-reason-filter'), 'Purchase');
    await expectCount(groups, 1);

    await page.reload();
    await expectVisible(page.getByTestId('transactions-search'));
    expect(await page.getByTestId('transactions-search').inputValue()).toBe(toner);
    await expectCount(groups, 1);
    await context.close();
  });

  it('reports: the range, "as known at" and "stock as of" survive another page and Back, and a reload', async () => {
    const { page, context } = await openSignedIn(harness, 1280);
    await navigate(page, 'reports', 'Reports');
    const lagosToday = new Date(Date.now() + 60 * 60 * 1000).toISOString().slice(0, 10);
    const chosen = { from: '2025-01-01', to: lagosToday, knownAt: '2025-06-30', asOf: '2025-03-01T10:00:30' };
    await page.getByTestId('report-range-from').fill(chosen.from);
    await page.getByTestId('report-range-to').fill(chosen.to);
    await page.getByTestId('report-known-at').fill(chosen.knownAt);
    await page.getByTestId('report-as-of').fill(chosen.asOf);
    await expectVisible(page.getByTestId('known-at-comparison'));
    const read = async () => ({
      from: await page.getByTestId('report-range-from').inputValue(),
      to: await page.getByTestId('report-range-to').inputValue(),
      knownAt: await page.getByTestId('report-known-at').inputValue(),
      asOf: await page.getByTestId('report-as-of').inputValue(),
    });
    expect(await read()).toEqual(chosen);

    await navigate(page, 'transactions', 'Transactions');
    await page.goBack();
    await expectVisible(page.getByTestId('known-at-comparison'));
    expect(await read()).toEqual(chosen);

    await page.reload();
    await expectVisible(page.getByTestId('known-at-comparison'));
    expect(await read()).toEqual(chosen);
    // The figures are the chosen range's: both products' restocks were recorded in it.
    await expectText(page.getByTestId('movement-in').getByTestId('movement-count'), '2');

    // A From emptied on purpose stays empty after a reload (not back to the month's first day).
    await page.getByTestId('report-range-from').fill('');
    await page.reload();
    await expectVisible(page.getByTestId('reports-summary'));
    expect((await read()).from).toBe('');
    await context.close();
  });

  it.each([
    { page: 'products', title: 'Products', width: 1280, row: 'product-row' },
    { page: 'inventory', title: 'Inventory', width: 375, row: 'product-card' },
  ])(
    '$page: the search and category survive another page and Back, and a reload; defaults stay out of the address',
    async ({ page: pageKey, title, width, row }) => {
      const gloss = await harness.manager.post('/api/products', {
        name: `Address Gloss ${pageKey} ${suffix}`,
        sku: `ADDR-GLOSS-${pageKey.toUpperCase()}-${suffix}`,
        category: 'Makeup Products',
        price: '800.00',
        costPrice: '300.00',
        currentStock: 4,
        minStockLevel: 1,
      });
      expect(gloss.status).toBe(201);
      const { page, context } = await openSignedIn(harness, width);
      await navigate(page, pageKey, title);
      const search = page.getByTestId(`${pageKey}-search`);
      const category = page.getByTestId(`${pageKey}-category-filter`);
      const rows = page.getByTestId(row);
      await search.fill(suffix);
      // The toner, the cream and this page's gloss: the search alone keeps the gloss.
      await expectCount(rows.filter({ hasText: `Address Gloss ${pageKey} ${suffix}` }), 1);
      await chooseOption(page, category, 'Skincare Products');
      await expectCount(rows, 2);
      const address = new URL(page.url());
      expect(address.searchParams.get('search')).toBe(suffix);
      expect(address.searchParams.get('category')).toBe('Skincare Products');

      await navigate(page, 'reports', 'Reports');
      await page.goBack();
      await expectVisible(search);
      expect(await search.inputValue()).toBe(suffix);
      await expectText(category, 'Skincare Products');
      await expectCount(rows, 2);

      await page.reload();
      await expectVisible(search);
      expect(await search.inputValue()).toBe(suffix);
      await expectText(category, 'Skincare Products');
      await expectCount(rows, 2);
      await screenshot(page, `85-${pageKey}-filter-kept`, width);

      // Back to the defaults: the address carries neither, and a reload shows the whole list.
      await search.fill('');
      await chooseOption(page, category, 'All Categories');
      await expectText(category, 'All Categories');
      expect(new URL(page.url()).search).toBe('');
      await page.reload();
      await expectVisible(search);
      expect(await search.inputValue()).toBe('');
      await expectText(category, 'All Categories');
      await context.close();
    },
  );
});
