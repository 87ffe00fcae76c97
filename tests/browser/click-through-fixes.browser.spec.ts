import type { Page } from 'playwright-core';
import { MANAGER, uniqueSuffix, useBrowserApp } from './support/browser-app';
import { payCashByKeyboard, queuedSales, scanAll, tillReadyOffline } from './support/till';
import {
  expectHeading,
  expectHidden,
  expectText,
  expectToast,
  expectVisible,
  horizontalOverflow,
  navigate,
  openSignedIn,
  signInAnywhere,
} from './support/screen';

const tile = (page: Page, sku: string) => page.locator(`[data-testid="product-tile"][data-sku="${sku}"]`);

describe('fixes from the Chromium click-through', () => {
  const harness = useBrowserApp();
  const suffix = uniqueSuffix();
  const newProduct = async (input: { name: string; sku: string; price: string; stock: number; category?: string }) => {
    const created = await harness.manager.post('/api/products', {
      name: input.name,
      sku: input.sku,
      category: input.category ?? 'Skincare Products',
      price: input.price,
      currentStock: input.stock,
      minStockLevel: 0,
    });
    expect(created.status).toBe(201);
    return created.body as { id: string; sku: string; name: string };
  };

  it('offline, the till shows and sells only the stock its queued sales have left', async () => {
    const cream = await newProduct({ name: `Queue Cream ${suffix}`, sku: `QC-${suffix}`, price: '500.00', stock: 24 });
    const balm = await newProduct({ name: `Queue Balm ${suffix}`, sku: `QB-${suffix}`, price: '300.00', stock: 2 });
    const { context, page } = await openSignedIn(harness, 1280);
    await navigate(page, 'sales', 'Sales Till');
    await tillReadyOffline(page);
    await expectText(tile(page, cream.sku).getByTestId('tile-stock'), '24 in stock');

    await context.setOffline(true);
    await scanAll(page, [cream.sku, cream.sku, cream.sku]);
    await payCashByKeyboard(page);
    await expectToast(page, { title: 'Sale saved offline', description: /1 item\(s\)/ });
    await expectText(tile(page, cream.sku).getByTestId('tile-stock'), '21 in stock');

    // 2 of 2 sold offline: none left to add, by button or by scan.
    await scanAll(page, [balm.sku, balm.sku]);
    // The cart holds all the stock: Add to Cart is disabled, as plus is in the slip.
    expect(await tile(page, balm.sku).getByTestId('add-to-cart').isDisabled()).toBe(true);
    await payCashByKeyboard(page);
    await expectToast(page, { title: 'Sale saved offline', description: /1 item\(s\)/ });
    await expectText(tile(page, balm.sku).getByTestId('tile-stock'), 'No stock');
    expect(await tile(page, balm.sku).getByTestId('add-to-cart').isDisabled()).toBe(true);
    await page.getByTestId('till-search').fill(balm.sku);
    await page.getByTestId('till-search').press('Enter');
    await expectToast(page, { title: 'Out of Stock', variant: 'destructive' });
    await expectText(page.getByTestId('view-cart-button'), 'View Cart (0)');

    // Confirming more than is left is refused with the online rule's words.
    await page.getByTestId('till-search').fill('');
    await tile(page, cream.sku).getByTestId('add-to-cart').click();
    await page.getByTestId('view-cart-button').click();
    const dialog = page.getByTestId('cart-dialog');
    await dialog.getByTestId('cart-quantity').fill('22');
    await dialog.getByTestId('payment-cash').click();
    await dialog.getByTestId('confirm-sale').click();
    await expectToast(page, {
      title: 'Insufficient stock',
      description: `Only 21 units available for ${cream.name}`,
      variant: 'destructive',
      closeWith: 'escape',
    });
    expect(await queuedSales(page)).toHaveLength(2);
    await dialog.getByTestId('cart-quantity').fill('1');
    await dialog.getByRole('button', { name: 'Continue Shopping', exact: true }).click();
    await page.getByTestId('clear-cart-button').click();

    // Back online: the sales are sent and the server's stock is shown, counted once.
    await context.setOffline(false);
    await expectHidden(page.getByTestId('till-offline-status'), 30_000);
    await expectText(tile(page, cream.sku).getByTestId('tile-stock'), '21 in stock');
    await expectText(tile(page, balm.sku).getByTestId('tile-stock'), 'No stock');
    const products: { id: string; currentStock: number }[] = (await harness.manager.get('/api/products')).body;
    expect(products.find((product) => product.id === cream.id)?.currentStock).toBe(21);
    expect(products.find((product) => product.id === balm.id)?.currentStock).toBe(0);
    await context.close();
  });

  it('signs out at once while offline, keeps the queued sale and its seller, and ends the server session on reconnect', async () => {
    const oil = await newProduct({ name: `Signout Oil ${suffix}`, sku: `SO-${suffix}`, price: '800.00', stock: 5 });
    const { context, page } = await openSignedIn(harness, 1280);
    await navigate(page, 'sales', 'Sales Till');
    await tillReadyOffline(page);
    const requests: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/logout' || path === '/api/session' || path === '/api/login') requests.push(path);
    });

    await context.setOffline(true);
    await scanAll(page, [oil.sku]);
    await payCashByKeyboard(page);
    const [queued] = await queuedSales(page);
    expect(queued?.seller).toBe(MANAGER.username);

    await page.getByTestId('sidebar').getByTestId('sign-out-button').click();
    await expectVisible(page.getByTestId('sign-in-form'), 3_000);
    expect(await page.evaluate(() => (globalThis as any).localStorage.getItem('user'))).toBeNull();
    await expectText(page.getByTestId('queued-sales-notice'), /1 sale taken offline on this till is waiting/);
    expect(await queuedSales(page)).toEqual([queued]);

    // A reload while still offline stays signed out (the service worker serves the app).
    await page.reload();
    await expectVisible(page.getByTestId('sign-in-form'));

    // Back online: the sign-out reaches the server; its session cookie no longer signs anyone in.
    await context.setOffline(false);
    await page.waitForFunction(() => (globalThis as any).localStorage.getItem('signOutPending') === null, undefined, {
      timeout: 15_000,
    });
    expect(requests[0]).toBe('/api/logout');
    const status = await page.evaluate(async () => (await fetch('/api/session', { credentials: 'include' })).status);
    expect(status).toBe(401);
    await page.reload();
    await expectVisible(page.getByTestId('sign-in-form'));

    // The next person signs in; the queued sale is sent with its original seller.
    await signInAnywhere(page, MANAGER.username, MANAGER.password);
    for (let attempt = 0; attempt < 60 && (await queuedSales(page)).length > 0; attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 500));
    const sale = (await harness.manager.get(`/api/sales/${queued!.saleId}`)).body as { sellerName: string };
    expect(sale.sellerName).toBe(MANAGER.username);
    await context.close();
  });

  it('F7 pays in cash on the till and F8 is left to the notification area', async () => {
    const mist = await newProduct({ name: `Key Mist ${suffix}`, sku: `KM-${suffix}`, price: '150.00', stock: 3 });
    const { context, page } = await openSignedIn(harness, 1280);
    await navigate(page, 'sales', 'Sales Till');
    await expectText(page.getByTestId('till-shortcuts'), /F7 pay in cash · F9 confirm sale/);
    expect(await page.getByTestId('view-cart-button').getAttribute('aria-keyshortcuts')).toBe('F7');
    await scanAll(page, [mist.sku]);

    await page.keyboard.press('F8');
    // F8 focuses the toasts' region (mounted since the sign-in toast), and opens no slip.
    await page.waitForFunction(() => {
      const active = (globalThis as any).document.activeElement;
      return Boolean(active?.closest('[role="region"]')?.getAttribute('aria-label')?.startsWith('Notifications'));
    });
    expect(await page.getByTestId('cart-dialog').count()).toBe(0);

    // With another dialog open (Add Product), F7 leaves it be: no slip opens over it.
    await page.getByTestId('add-product-button').click();
    await expectVisible(page.getByTestId('add-product-dialog'));
    await page.keyboard.press('F7');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await page.getByTestId('cart-dialog').count()).toBe(0);
    await page.keyboard.press('Escape');
    await expectHidden(page.getByTestId('add-product-dialog'));

    await payCashByKeyboard(page);
    await expectToast(page, { title: 'Sale completed', description: 'Successfully processed 1 item(s)' });
    await context.close();
  });

  it('prints receipt lines in cart order, on the till and on Transactions, and says Sale once per line', async () => {
    const first = await newProduct({ name: `Order First ${suffix}`, sku: `OF-${suffix}`, price: '100.00', stock: 5 });
    const second = await newProduct({ name: `Order Second ${suffix}`, sku: `OS-${suffix}`, price: '200.00', stock: 5 });
    const third = await newProduct({ name: `Order Third ${suffix}`, sku: `OT-${suffix}`, price: '300.00', stock: 5 });
    const { context, page } = await openSignedIn(harness, 1280);
    await navigate(page, 'sales', 'Sales Till');
    await scanAll(page, [first.sku, second.sku, third.sku]);
    await payCashByKeyboard(page);
    await expectToast(page, { title: 'Sale completed', description: 'Successfully processed 3 item(s)' });
    const names = [first.name, second.name, third.name];
    const receiptNames = async (popup: Page) =>
      (await popup.getByTestId('receipt-line-product').allInnerTexts()).map((text) => text.trim());

    const [tillReceipt] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByTestId('till-print-last-receipt').click(),
    ]);
    await expectVisible(tillReceipt.getByTestId('receipt'));
    expect(await receiptNames(tillReceipt)).toEqual(names);
    await tillReceipt.close();

    await navigate(page, 'transactions', 'Transactions');
    await page.getByTestId('transactions-search').fill(suffix);
    const group = page.getByTestId('transaction-group').filter({ hasText: first.name }).first();
    await expectVisible(group);
    for (const line of await group.getByTestId('transaction-line').all()) {
      await expectText(line.getByTestId('transaction-type'), 'Sale');
      expect(await line.getByTestId('reason-badge').count()).toBe(0);
    }
    const [ledgerReceipt] = await Promise.all([page.waitForEvent('popup'), group.getByTestId('print-receipt').click()]);
    await expectVisible(ledgerReceipt.getByTestId('receipt'));
    expect(await receiptNames(ledgerReceipt)).toEqual(names);
    // Unit price and Total never touch, even at 600 px.
    const gap = await ledgerReceipt
      .getByTestId('receipt-line')
      .first()
      .evaluate((row: any) => {
        const unit = row.querySelector('[data-testid="receipt-line-unit-price"]').getBoundingClientRect();
        const total = row.querySelector('[data-testid="receipt-line-total"]');
        const range = total.ownerDocument.createRange();
        range.selectNodeContents(total);
        return range.getBoundingClientRect().left - unit.right;
      });
    expect(gap).toBeGreaterThanOrEqual(12);
    await ledgerReceipt.close();
    await context.close();
  });

  it('the service worker controls the first visit, so an unvisited screen still opens offline', async () => {
    const { context, page } = await openSignedIn(harness, 1280);
    // No reload: the worker takes control of the page that installed it.
    await page.waitForFunction(() => (globalThis as any).navigator.serviceWorker.controller !== null, undefined, {
      timeout: 30_000,
    });
    await page.evaluate(async () => {
      // Precaching done: the worker is active.
      await (globalThis as any).navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    await navigate(page, 'audit', 'Audit Trail');
    expect(await page.getByTestId('chunk-error').count()).toBe(0);
    await context.close();
  });

  it('a screen whose code cannot be fetched shows a calm message with Reload, not a blank page', async () => {
    const context = await harness.browser.newContext({
      baseURL: harness.baseUrl,
      viewport: { width: 1280, height: 900 },
      serviceWorkers: 'block',
      locale: 'en-NG',
      timezoneId: 'Africa/Lagos',
    });
    context.setDefaultTimeout(15_000);
    try {
      const page = await context.newPage();
      await page.goto('/');
      await signInAnywhere(page, MANAGER.username, MANAGER.password);
      await context.route(/\/assets\/settings-[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
      await page.getByTestId('sidebar').getByTestId('nav-settings').click();
      await expectText(page.getByTestId('chunk-error').getByRole('heading'), 'This screen could not be loaded');
      await expectVisible(page.getByTestId('chunk-error-reload'));
      await expectVisible(page.getByTestId('sidebar'));
      // Another page still opens.
      await navigate(page, 'dashboard', 'Dashboard');
      // With the network back, Reload brings the screen.
      await context.unroute(/\/assets\/settings-[^/]*\.js$/);
      await page.getByTestId('sidebar').getByTestId('nav-settings').click();
      await page.getByTestId('chunk-error-reload').click();
      await expectHeading(page, 'Settings');
    } finally {
      await context.close();
    }
  });

  it('at 1280 px with large amounts every column is on screen or in a focusable scroll region', async () => {
    const long = `Extra Long Botanical Hydrating Facial Moisturising Cream With Hyaluronic Acid ${suffix}`;
    const big = await newProduct({ name: long, sku: `BIG-LONG-SKU-${suffix}`, price: '999999.99', stock: 2000 });
    for (let sale = 0; sale < 12; sale += 1) {
      const sold = await harness.manager.post('/api/sales', {
        saleId: `CASH-${Date.now()}-big${sale}`,
        items: [{ productId: big.id, quantity: 99 }],
        paymentMethod: 'cash',
      });
      if (sold.status !== 201) throw new Error(`sale refused: ${sold.status} ${JSON.stringify(sold.body)}`);
    }
    const { context, page } = await openSignedIn(harness, 1280);

    /** For each table: every header cell is visible in its box, or the box scrolls and is focusable. */
    const reachable = (testIds: string[]) =>
      page.evaluate((ids) => {
        const doc = (globalThis as any).document;
        return ids.map((id) => {
          const table = doc.querySelector(`[data-testid="${id}"]`);
          if (!table) return { id, missing: true };
          let box = table.parentElement;
          while (box && !['auto', 'scroll'].includes((globalThis as any).getComputedStyle(box).overflowX))
            box = box.parentElement;
          const boxRect = (box ?? doc.documentElement).getBoundingClientRect();
          const cut = [...table.querySelectorAll('th')]
            .filter((th: any) => {
              const rect = th.getBoundingClientRect();
              return rect.right > Math.min(boxRect.right, (globalThis as any).innerWidth) + 1;
            })
            .map((th: any) => th.textContent.trim());
          const scrolls = Boolean(box && box.scrollWidth > box.clientWidth + 1);
          return {
            id,
            cut,
            scrolls,
            focusable: Boolean(
              box && box.tabIndex === 0 && box.getAttribute('role') === 'region' && box.getAttribute('aria-label'),
            ),
          };
        });
      }, testIds);

    await navigate(page, 'products', 'Products');
    await page.getByTestId('products-search').fill(big.sku);
    const row = page.locator(`[data-testid="product-row"][data-sku="${big.sku}"]`);
    await expectVisible(row);
    expect(await row.locator('p', { hasText: long }).first().getAttribute('title')).toBe(long);
    const [products] = await reachable(['products-table']);
    // Actions stays in view (it sticks to the right edge); anything else is in a focusable region.
    expect(products).toMatchObject({ id: 'products-table' });
    const actions = await row.getByTestId('delete-product-button').boundingBox();
    expect(actions && actions.x + actions.width <= 1280).toBe(true);
    const deleteVisible = await row.getByTestId('delete-product-button').evaluate((button: any) => {
      const rect = button.getBoundingClientRect();
      const hit = (globalThis as any).document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
      return button.contains(hit);
    });
    expect(deleteVisible).toBe(true);
    if ((products as { scrolls: boolean }).scrolls) expect((products as { focusable: boolean }).focusable).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);

    await navigate(page, 'reports', 'Reports');
    await expectVisible(page.getByTestId('report-sales-by-category').getByTestId('sales-row').first());
    await expectVisible(page.getByTestId('report-by-reason').getByTestId('reason-row').first());
    // Side by side only from 1536 px: at 1280 each table has the page's width and every column fits.
    for (const table of await reachable(['report-sales-by-category', 'report-sales-by-staff', 'report-by-reason']))
      expect(table).toMatchObject({ cut: [], scrolls: false });
    expect(await horizontalOverflow(page)).toBe(0);
    await context.close();
  });
});
