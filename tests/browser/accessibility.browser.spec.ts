import type { Page } from 'playwright-core';
import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { expectNoSeriousA11yViolations } from './support/axe';
import { PAGES } from './support/pages';
import { expectHeading, expectVisible, openSignedIn } from './support/screen';

/**
 * axe-core on every signed-in page, as a manager and as an assistant (default permissions: the
 * pages they may see, and the "access restricted" notice on one they may not), at 1280 and 375 px.
 * Fails on any serious or critical violation (issue 11, point 7).
 */
describe('accessibility: no serious or critical axe violation', () => {
  const harness = useBrowserApp();
  const suffix = uniqueSuffix();
  const assistant = { username: `a11y${suffix}`.toLowerCase(), password: 'assistant-secret-1' };

  beforeAll(async () => {
    const { manager } = harness;
    // Something on every page: a product low on stock (the bell has a count), a sale, a movement.
    const product = await manager.post('/api/products', {
      name: `A11y Cream ${suffix}`,
      sku: `A11Y-${suffix}`,
      category: 'Body Care',
      price: '1200.00',
      costPrice: '800.00',
      currentStock: 3,
      minStockLevel: 5,
    });
    expect(product.status).toBe(201);
    const sale = await manager.post('/api/sales', {
      saleId: `a11y-${suffix}`,
      items: [{ productId: product.body.id, quantity: 1 }],
      discountPercentage: '0',
      paymentMethod: 'cash',
    });
    expect(sale.status).toBe(201);
    expect((await manager.post('/api/users', assistant)).status).toBe(201);
  });

  const visit = async (page: Page, path: string, title: string) => {
    await page.goto(path);
    await expectHeading(page, title);
    // Let lazy data (lists, charts) arrive before axe reads the page.
    await page.waitForLoadState('networkidle');
  };

  describe.each([1280, 375])('at %i px', (width) => {
    it('as a manager, on every page', async () => {
      const { page, context } = await openSignedIn(harness, width);
      const headings: Record<string, string> = { 'customer-store': 'Customer Store' };
      // Every page is checked before failing, so one run lists every violation.
      const failures: string[] = [];
      for (const { key, path, label } of PAGES) {
        await visit(page, path, headings[key] ?? label);
        await expectNoSeriousA11yViolations(page, `${path} as manager at ${width}px`).catch((error: Error) =>
          failures.push(error.message),
        );
      }
      await context.close();
      expect(failures).toEqual([]);
    }, 420_000);

    it('as a manager, on the stocktake sheet and its review, and the reverse dialog', async () => {
      const { page, context } = await openSignedIn(harness, width);
      await visit(page, '/inventory/stocktake', 'Stocktake');
      await expectNoSeriousA11yViolations(page, `/inventory/stocktake as manager at ${width}px`);
      await page.getByTestId('count-input').first().fill('2');
      await page.getByTestId('stocktake-notes').fill('Spot check');
      await page.getByTestId('stocktake-review-button').click();
      await expectVisible(page.getByTestId('stocktake-review'));
      await expectNoSeriousA11yViolations(page, `stocktake review dialog at ${width}px`);
      await page.keyboard.press('Escape');
      await visit(page, '/transactions', 'Transactions');
      await page.getByTestId('reverse-movement-button').first().click();
      await expectVisible(page.getByTestId('reverse-movement-dialog'));
      await expectNoSeriousA11yViolations(page, `reverse movement dialog at ${width}px`);
      await context.close();
    });

    it('as an assistant, on the pages they may see and on a restricted one', async () => {
      const { page, context } = await openSignedIn(harness, width, assistant);
      await expectNoSeriousA11yViolations(page, `/dashboard as assistant at ${width}px`);
      await visit(page, '/sales', 'Sales Till');
      await expectNoSeriousA11yViolations(page, `/sales as assistant at ${width}px`);
      await page.goto('/audit');
      await expectVisible(page.getByTestId('access-restricted'));
      await expectNoSeriousA11yViolations(page, `/audit (restricted) as assistant at ${width}px`);
      await context.close();
    });
  });
});
