import type { Locator, Page } from 'playwright-core';
import { MANAGER, uniqueSuffix, useBrowserApp } from './support/browser-app';
import { formatKobo, formatNaira, stockStatus, toKobo, totalValueText } from './support/money';
import {
  MOBILE_BREAKPOINT,
  answerConfirm,
  expectHeading,
  expectHidden,
  expectText,
  expectToast,
  expectVisible,
  horizontalOverflow,
  navigate,
  screenshot,
} from './support/screen';

type Metrics = { totalProducts: number; totalStockValue: string; todaysSales: string; todaysSalesProfit: string };

/**
 * The spine of the back office, once per width: sign in, add a product, stock it in and out on
 * Inventory, and see Inventory, Products and the Dashboard follow; then delete it.
 */
describe('spine: sign in, add a product, move stock, see every screen follow, delete', () => {
  const harness = useBrowserApp();

  const serverMetrics = async (): Promise<Metrics> => {
    const response = await harness.manager.get('/api/dashboard/metrics');
    expect(response.status).toBe(200);
    return response.body;
  };

  describe.each([1280, 375])('at %i px', (width) => {
    const mobile = width < MOBILE_BREAKPOINT;
    const suffix = uniqueSuffix();
    // Inputs only; everything the screens should show is worked out from them.
    const product = {
      name: `Shea Glow Serum ${suffix}`,
      sku: `SKN-${suffix}`,
      category: 'Skincare Products',
      price: '2450.50',
      costPrice: '1800',
      openingStock: 10,
      minStockLevel: 5,
      description: 'Brightening serum with shea butter and vitamin C',
    };
    const stockIn = { quantity: 4, costPrice: '1750' };
    const stockOut = { quantity: 11 };
    const stockAfterIn = product.openingStock + stockIn.quantity;
    const finalStock = stockAfterIn - stockOut.quantity;

    let page: Page;
    let baseline: Metrics;
    const go = (key: string, title: string) => navigate(page, key, title);
    const card = (): Locator => page.locator(`[data-testid="product-card"][data-sku="${product.sku}"]`);
    const row = (): Locator => page.locator(`[data-testid="product-row"][data-sku="${product.sku}"]`);
    const metric = (name: string) => page.getByTestId(`metric-card-${name}`);

    const expectCard = async (stock: number) => {
      await expectText(card().getByTestId('product-stock'), String(stock));
      await expectText(card().getByTestId('stock-status'), stockStatus(stock, product.minStockLevel));
      await expectText(card().getByTestId('product-value'), formatKobo(toKobo(product.price) * stock));
    };

    const openStockDialog = async (type: 'in' | 'out') => {
      await card()
        .getByRole('button', { name: `${type === 'in' ? 'Stock In' : 'Stock Out'} ${product.name}`, exact: true })
        .click();
      const dialog = page.getByTestId('stock-dialog');
      await expectVisible(dialog);
      expect(await dialog.getAttribute('data-type')).toBe(type);
      await expectText(dialog.getByRole('heading'), type === 'in' ? 'Record Stock In' : 'Record Stock Out');
      // Opened from the card: the product is chosen and its price prefilled.
      await expectText(dialog.locator('#stock-product'), `${product.name} (${product.sku})`);
      expect(Number(await dialog.locator('#stock-unit-price').inputValue())).toBe(Number(product.price));
      expect(await dialog.locator('#stock-seller').inputValue()).toBe(MANAGER.username);
      return dialog;
    };

    beforeAll(async () => {
      ({ page } = await harness.newPage(width));
      baseline = await serverMetrics();
    });

    it('shows the sign-in screen, validates, refuses a wrong password and signs the manager in', async () => {
      await page.goto('/');
      const card = page.getByTestId('sign-in-card');
      await expectVisible(card);
      await expectText(card.getByRole('heading', { level: 1 }), 'Sign In');
      await expectVisible(card.getByText('Enter your credentials to access the system', { exact: true }));
      await expectVisible(page.getByText('Beauty & Cosmetics Store', { exact: true }));
      const username = card.getByPlaceholder('Enter your username', { exact: true });
      const password = card.getByPlaceholder('Enter your password', { exact: true });
      expect(await password.getAttribute('type')).toBe('password');
      await expectText(page.getByTestId('sign-in-submit'), 'Sign In');
      await screenshot(page, '01-sign-in', width);

      await page.getByTestId('sign-in-submit').click();
      await expectVisible(card.getByText('Username is required', { exact: true }));
      await expectVisible(card.getByText('Password is required', { exact: true }));
      expect(await username.getAttribute('aria-invalid')).toBe('true');

      await username.fill(MANAGER.username);
      await expectHidden(card.getByText('Username is required', { exact: true }));
      await password.fill(`${MANAGER.password}-wrong`);
      await page.getByTestId('sign-in-submit').click();
      await expectToast(page, {
        title: 'Login Failed',
        description: 'Invalid username or password',
        variant: 'destructive',
      });
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.evaluate(() => (globalThis as any).localStorage.getItem('user'))).toBeNull();

      await password.fill(MANAGER.password);
      await page.getByTestId('sign-in-submit').click();
      await expectToast(page, {
        title: 'Login Successful',
        description: `Welcome back, ${MANAGER.username}!`,
        variant: 'default',
      });
      await page.waitForURL('**/dashboard');
      await expectHeading(page, 'Dashboard');
      expect(await page.getByTestId('sidebar').isVisible()).toBe(!mobile);
      expect(await page.getByTestId('mobile-menu-button').isVisible()).toBe(mobile);
      // Who is signed in: the fixed sidebar, or below 768 px the drawer behind the menu button.
      const shell = mobile ? page.getByTestId('mobile-sidebar') : page.getByTestId('sidebar');
      if (mobile) await page.getByTestId('mobile-menu-button').click();
      await expectText(shell.getByTestId('sidebar-username'), MANAGER.username);
      await expectText(shell.getByTestId('sidebar-role'), 'Manager');
      if (mobile) {
        await expectVisible(page.getByTestId('sidebar-overlay'));
        await screenshot(page, '02-sidebar-menu-open', width, { fullPage: false });
        await shell.getByRole('button', { name: 'Close menu', exact: true }).click();
        await expectHidden(shell);
      }

      await expectText(metric('total-products').getByTestId('metric-value'), String(baseline.totalProducts));
      await expectText(metric('stock-value').getByTestId('metric-value'), formatNaira(baseline.totalStockValue));
      await expectText(metric('todays-sales').getByTestId('metric-value'), formatNaira(baseline.todaysSales));
      await screenshot(page, '03-dashboard', width);
    });

    it('adds a product through the Add New Product dialog', async () => {
      await page.getByTestId('add-product-button').click();
      const dialog = page.getByTestId('add-product-dialog');
      await expectVisible(dialog);
      await expectText(dialog.getByRole('heading'), 'Add New Product');
      const form = dialog.getByTestId('add-product-form');
      await form.getByLabel('Product Name', { exact: true }).fill(product.name);
      await form.getByLabel('SKU', { exact: true }).fill(product.sku);
      await form.getByLabel('Category', { exact: true }).click();
      await page.getByRole('option', { name: product.category, exact: true }).click();
      await expectText(form.locator('#product-category'), product.category);
      await form.getByLabel('Price (₦)', { exact: true }).fill(product.price);
      await form.getByLabel('Cost Price (₦)', { exact: true }).fill(product.costPrice);
      await form.getByLabel('Current Stock', { exact: true }).fill(String(product.openingStock));
      await form.getByLabel('Minimum Stock Level', { exact: true }).fill(String(product.minStockLevel));
      await form.locator('#product-description').fill(product.description);
      await screenshot(page, '04-add-product-dialog', width, { fullPage: false });

      await dialog.getByTestId('add-product-submit').click();
      await expectToast(page, { title: 'Success', description: 'Product created successfully', variant: 'default' });
      await expectHidden(dialog);
      await expectText(metric('total-products').getByTestId('metric-value'), String(baseline.totalProducts + 1));
    });

    it('records stock in and stock out on Inventory, and the product card follows', async () => {
      await go('inventory', 'Inventory');
      await page.getByTestId('inventory-search').fill(product.sku);
      await expectText(page.getByTestId('inventory-grid').getByTestId('product-card'), new RegExp(product.sku));
      expect(await page.getByTestId('product-card').count()).toBe(1);
      await expectText(card().getByTestId('product-price'), formatNaira(product.price));
      await expectText(card().getByTestId('product-min-stock'), String(product.minStockLevel));
      await expectCard(product.openingStock);

      const inDialog = await openStockDialog('in');
      expect(await inDialog.getByTestId('stock-info').count()).toBe(0);
      await expectText(inDialog.locator('#stock-reason'), 'Purchase');
      await inDialog.locator('#stock-quantity').fill(String(stockIn.quantity));
      await inDialog.locator('#stock-cost-price').fill(stockIn.costPrice);
      await inDialog.locator('#stock-notes').fill(`Supplier delivery ${suffix}`);
      expect(await inDialog.getByTestId('stock-total-value').inputValue()).toBe(
        totalValueText(stockIn.quantity, product.price),
      );
      await inDialog.getByTestId('stock-submit').click();
      await expectToast(page, { title: 'Success', description: 'Stock in recorded successfully', variant: 'default' });
      await expectHidden(inDialog);
      await expectCard(stockAfterIn);

      const outDialog = await openStockDialog('out');
      await expectText(outDialog.getByTestId('stock-info'), new RegExp(`Current stock: ${stockAfterIn} units`));
      expect(await outDialog.locator('#stock-cost-price').count()).toBe(0);
      await expectText(outDialog.locator('#stock-reason'), 'Sale');
      await outDialog.locator('#stock-quantity').fill(String(stockOut.quantity));
      expect(await outDialog.getByTestId('stock-total-value').inputValue()).toBe(
        totalValueText(stockOut.quantity, product.price),
      );
      await screenshot(page, '05-stock-out-dialog', width, { fullPage: false });
      await outDialog.getByTestId('stock-submit').click();
      await expectToast(page, { title: 'Success', description: 'Stock out recorded successfully', variant: 'default' });
      await expectHidden(outDialog);
      await expectCard(finalStock);
    });

    it('refuses a stock out beyond the stock with the server message and keeps the stock', async () => {
      const dialog = await openStockDialog('out');
      await expectText(dialog.getByTestId('stock-info'), new RegExp(`Current stock: ${finalStock} units`));
      await dialog.locator('#stock-quantity').fill(String(finalStock + 2));
      await dialog.getByTestId('stock-submit').click();
      await expectToast(page, {
        title: 'Error',
        description: `Only ${finalStock} units available for ${product.name}`,
        variant: 'destructive',
      });
      // The failed dialog stays open with the entry; Cancel closes it.
      await expectVisible(dialog);
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await expectHidden(dialog);
      await expectCard(finalStock);
      const products = (await harness.manager.get('/api/products')).body as { sku: string; currentStock: number }[];
      expect(products.find((item) => item.sku === product.sku)?.currentStock).toBe(finalStock);

      await page.getByTestId('inventory-search').fill('');
      await expectVisible(card());
      await screenshot(page, '06-inventory', width);
      if (mobile) expect(await horizontalOverflow(page)).toBe(0);
    });

    // A <fieldset> keeps the browser default min-inline-size: min-content, so a long product label
    // once widened the form past the dialog at 375 px; the form's fieldset has min-w-0 for this.
    it('keeps every control of the stock dialog inside the dialog', async () => {
      const dialog = await openStockDialog('out');
      try {
        const box = await dialog.boundingBox();
        const rightEdges = await dialog
          .locator('input, textarea, button, [role="combobox"]')
          .evaluateAll((controls) => controls.map((control: any) => control.getBoundingClientRect().right as number));
        expect(box).not.toBeNull();
        expect(Math.max(...rightEdges)).toBeLessThanOrEqual(box!.x + box!.width);
      } finally {
        await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
        await expectHidden(dialog);
      }
    });

    it('shows the new stock, status and value on Products and the totals on the Dashboard', async () => {
      await go('products', 'Products');
      await expectVisible(row());
      const cells = row().locator('td');
      await expectText(cells.nth(0), new RegExp(product.name));
      await expectText(cells.nth(1), product.sku);
      await expectText(cells.nth(2), product.category);
      await expectText(cells.nth(3), formatNaira(product.price));
      await expectText(cells.nth(4), String(finalStock));
      await expectText(row().getByTestId('stock-status'), stockStatus(finalStock, product.minStockLevel));
      await expectText(cells.nth(6), formatKobo(toKobo(product.price) * finalStock));
      expect(await cells.nth(6).innerText()).toMatch(/^₦[\d,]+\.\d{2}$/);
      await screenshot(page, '07-products', width);
      if (mobile) expect(await horizontalOverflow(page)).toBe(0);

      await go('dashboard', 'Dashboard');
      const sold = toKobo(product.price) * stockOut.quantity;
      await expectText(metric('total-products').getByTestId('metric-value'), String(baseline.totalProducts + 1));
      await expectText(
        metric('stock-value').getByTestId('metric-value'),
        formatKobo(toKobo(baseline.totalStockValue) + toKobo(product.price) * finalStock),
      );
      await expectText(
        metric('todays-sales').getByTestId('metric-value'),
        formatKobo(toKobo(baseline.todaysSales) + sold),
      );
      // Profit is the server's sum; the card shows exactly what the server computed.
      const now = await serverMetrics();
      await expectText(
        metric('todays-sales').getByTestId('metric-subtitle'),
        `Profit: ${formatNaira(now.todaysSalesProfit)}`,
      );
      await screenshot(page, '08-dashboard-after-stock', width);
      if (mobile) expect(await horizontalOverflow(page)).toBe(0);
    });

    it('deletes the product only after the exact confirmation, and the dashboard drops it', async () => {
      await go('products', 'Products');
      const confirmation = `Are you sure you want to delete "${product.name}"? This action cannot be undone.`;
      const answer = (accept: boolean) => answerConfirm(page, accept);

      const declined = answer(false);
      await row().getByTestId('delete-product-button').click();
      expect(await declined).toBe(confirmation);
      await expectVisible(row());
      expect(
        (await harness.manager.get('/api/products')).body.some((item: { sku: string }) => item.sku === product.sku),
      ).toBe(true);

      const accepted = answer(true);
      await row()
        .getByRole('button', { name: `Delete ${product.name}`, exact: true })
        .click();
      expect(await accepted).toBe(confirmation);
      await expectToast(page, { title: 'Success', description: 'Product deleted successfully', variant: 'default' });
      await expectHidden(row());

      await go('dashboard', 'Dashboard');
      await expectText(metric('total-products').getByTestId('metric-value'), String(baseline.totalProducts));
      await expectText(metric('stock-value').getByTestId('metric-value'), formatNaira(baseline.totalStockValue));
      // The sale happened: deleting the product does not take it back out of today's sales.
      await expectText(
        metric('todays-sales').getByTestId('metric-value'),
        formatKobo(toKobo(baseline.todaysSales) + toKobo(product.price) * stockOut.quantity),
      );
    });
  });
});
