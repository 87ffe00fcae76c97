import type { Page } from 'playwright-core';
import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { expectHidden, expectText, expectVisible, navigate, openSignedIn, screenshot } from './support/screen';

type TransactionRow = {
  saleId: string | null;
  productId: string;
  type: 'in' | 'out';
  quantity: number;
  reason: string;
};

/** Which element has focus, by its test id (or its tag when it has none). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = (globalThis as any).document.activeElement;
    return (active?.getAttribute('data-testid') ?? active?.tagName ?? '') as string;
  });

/** Presses Tab until the element with `testId` has focus (a keyboard user's way there), at most `max` times. */
async function tabTo(page: Page, testId: string, max = 40): Promise<void> {
  for (let step = 0; step < max; step += 1) {
    if ((await focused(page)) === testId) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${testId}; focus is on ${await focused(page)}`);
}

/**
 * A barcode scanner is a keyboard that types the SKU and Enter (issue 11, point 5): a sale of three
 * items without the mouse, a code no product has, and focus back in the search box for the next
 * customer. The skip link takes a keyboard user past the sidebar.
 */
describe('till with a barcode scanner, keyboard only', () => {
  const harness = useBrowserApp();

  describe.each([1280, 375])('at %i px', (width) => {
    const suffix = uniqueSuffix();
    const seeds = ['A', 'B', 'C'].map((letter, index) => ({
      name: `Scanner Item ${letter} ${suffix}`,
      sku: `SCAN-${letter}-${suffix}`,
      category: 'Skincare Products',
      price: `${index + 1}00.00`,
      currentStock: 5,
      minStockLevel: 0,
    }));
    let page: Page;
    let productIds: string[];

    beforeAll(async () => {
      productIds = [];
      for (const seed of seeds) {
        const created = await harness.manager.post('/api/products', seed);
        expect(created.status).toBe(201);
        productIds.push(created.body.id);
      }
      ({ page } = await openSignedIn(harness, width));
      await navigate(page, 'sales', 'Sales Till');
    });
    afterAll(() => page?.context().close());

    it('skips past the sidebar with the first Tab', async () => {
      // A fresh load: the first Tab starts from the top of the page.
      await page.reload();
      await expectVisible(page.getByTestId('till-search'));
      await page.keyboard.press('Tab');
      const skip = page.getByTestId('skip-link');
      expect(await focused(page)).toBe('skip-link');
      await expectVisible(skip);
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => (globalThis as any).document.activeElement?.id)).toBe('main-content');
    });

    it('adds three products typed as SKU + Enter, in any case, and says when no product has a code', async () => {
      await tabTo(page, 'till-search');
      for (const seed of seeds) {
        // Scanners and people type in either case; SKUs are unique case-insensitively.
        await page.keyboard.type(seed.sku.toLowerCase());
        await page.keyboard.press('Enter');
        await expectText(page.getByTestId('view-cart-button'), `View Cart (${seeds.indexOf(seed) + 1})`);
        expect(await page.getByTestId('till-search').inputValue()).toBe('');
      }
      await page.keyboard.type(`NO-SUCH-${suffix}`);
      await page.keyboard.press('Enter');
      await expectText(page.getByTestId('till-scan-status'), `No product has the SKU "NO-SUCH-${suffix}"`);
      expect(await focused(page)).toBe('till-search');
      await expectText(page.getByTestId('view-cart-button'), 'View Cart (3)');
      await screenshot(page, 'till-scanner-miss', width);
      // The next scan replaces the selected code and clears the message.
      await page.keyboard.type(seeds[0]!.sku);
      await page.waitForFunction(
        () => (globalThis as any).document.querySelector('[data-testid="till-scan-status"]')?.textContent === '',
      );
      await page.keyboard.press('Enter');
      await expectText(page.getByTestId('view-cart-button'), 'View Cart (3)');
    });

    it('takes the cash payment from the keyboard and puts focus back in the search box', async () => {
      await tabTo(page, 'view-cart-button');
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('cart-dialog');
      await expectVisible(dialog);
      await tabTo(page, 'payment-cash');
      await page.keyboard.press('Enter');
      await dialog.locator('[data-testid="payment-cash"][aria-pressed="true"]').waitFor();
      await tabTo(page, 'confirm-sale');
      await screenshot(page, 'till-scanner-slip', width);
      await page.keyboard.press('Enter');
      await expectHidden(dialog);
      await expectText(page.getByTestId('view-cart-button'), 'View Cart (0)');
      await page.waitForFunction(
        () => (globalThis as any).document.activeElement?.getAttribute('data-testid') === 'till-search',
      );

      const rows: TransactionRow[] = (await harness.manager.get('/api/transactions')).body;
      const sold = rows.filter((row) => productIds.includes(row.productId) && row.type === 'out');
      expect(sold).toHaveLength(3);
      expect(new Set(sold.map((row) => row.saleId)).size).toBe(1);
      expect(sold.map((row) => row.quantity).sort()).toEqual([1, 1, 2]);
      expect(sold.every((row) => row.reason === 'sale')).toBe(true);
    });
  });
});
