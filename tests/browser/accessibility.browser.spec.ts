import type { Page } from 'playwright-core';
import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { expectNoSeriousA11yViolations } from './support/axe';
import { PAGES } from './support/pages';
import { expectHeading, expectHidden, expectVisible, openSignedIn } from './support/screen';

/**
 * axe-core on every signed-in page, as a manager and as an assistant (default permissions: the
 * pages they may see, and the "access restricted" notice on one they may not), at 1280 and 375 px.
 * Also the dialogs, the forms as a refused submit leaves them, the 404 page and the sign-in page.
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
    // A customer's request, for the support reply dialog.
    const request = await harness.app
      .client()
      .request(
        'POST',
        '/api/customer-support',
        { fullName: `A11y Customer ${suffix}`, email: 'a11y@example.com', subject: 'Order', complaint: 'Where is it?' },
        { 'x-forwarded-for': '203.0.113.91' },
      );
    expect(request.status).toBe(201);
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

    // The dialogs, and the forms as a refused submit leaves them (aria-invalid, messages in red).
    it('as a manager, in the dialogs, on refused forms and on the 404 page', async () => {
      const { page, context } = await openSignedIn(harness, width);
      const failures: string[] = [];
      const check = (where: string) =>
        expectNoSeriousA11yViolations(page, `${where} at ${width}px`).catch((error: Error) =>
          failures.push(error.message),
        );
      // Escape closes an open toast first (a refused form shows one), then the dialog.
      const closeDialog = async (testId: string) => {
        const dialog = page.getByTestId(testId);
        for (let presses = 0; presses < 3 && (await dialog.isVisible()); presses++) {
          await page.keyboard.press('Escape');
          await dialog.waitFor({ state: 'hidden', timeout: 3_000 }).catch(() => undefined);
        }
        await expectHidden(dialog);
      };

      await page.getByRole('button', { name: /Open online orders/ }).click();
      await expectVisible(page.getByTestId('online-orders-dialog'));
      await check('online orders dialog');
      await closeDialog('online-orders-dialog');

      await page.getByTestId('dashboard-stock-in-button').click();
      await expectVisible(page.getByTestId('stock-dialog'));
      await page.getByTestId('stock-submit').click();
      await expectVisible(page.locator('#stock-unit-price-error'));
      await check('stock in dialog, refused');
      await closeDialog('stock-dialog');

      await page.getByTestId('page-header').getByTestId('add-product-button').click();
      await expectVisible(page.getByTestId('add-product-form'));
      await page.getByTestId('add-product-submit').click();
      await expectVisible(page.locator('#product-name-error'));
      await check('add product dialog, refused');
      await closeDialog('add-product-dialog');

      await visit(page, '/settings', 'Settings');
      await page.getByTestId('add-user-submit').click();
      await expectVisible(page.locator('#new-user-username[aria-invalid="true"]'));
      await check('settings, add user refused');
      await page
        .locator('[data-testid="user-row"][data-username="manager"]')
        .getByTestId('change-password-button')
        .click();
      await expectVisible(page.getByTestId('change-password-dialog'));
      await page.getByTestId('change-password-submit').click();
      await expectVisible(page.locator('#current-password[aria-invalid="true"]'));
      await check('change password dialog, refused');
      await closeDialog('change-password-dialog');

      await visit(page, '/customer-support', 'Customer Support');
      await page.getByTestId('reply-button').first().click();
      await expectVisible(page.getByTestId('reply-dialog'));
      await check('support reply dialog');
      await closeDialog('reply-dialog');
      await page.getByTestId('open-support-inbox').click();
      await expectVisible(page.getByTestId('support-inbox-dialog'));
      await check('support inbox dialog');
      await closeDialog('support-inbox-dialog');

      await page.goto('/no-such-page');
      await expectVisible(page.getByTestId('not-found'));
      await check('/no-such-page (404)');
      await context.close();
      expect(failures).toEqual([]);
    }, 300_000);

    it('signed out, on the sign-in page as a refused submit leaves it', async () => {
      const { page, context } = await harness.newPage(width);
      await page.goto('/');
      await page.getByTestId('sign-in-submit').click();
      await expectVisible(page.locator('#username-error'));
      await expectNoSeriousA11yViolations(page, `sign-in, refused, at ${width}px`);
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
