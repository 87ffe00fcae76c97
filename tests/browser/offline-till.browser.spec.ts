import type { BrowserContext, Page } from 'playwright-core';
import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { queuedSaleIds, sellByKeyboard, tillReadyOffline } from './support/till';
import {
  expectHidden,
  expectText,
  expectToast,
  expectVisible,
  navigate,
  openSignedIn,
  screenshot,
  signInAnywhere,
} from './support/screen';

type TransactionRow = {
  saleId: string | null;
  productId: string;
  type: 'in' | 'out';
  quantity: number;
  unitPrice: string | null;
};
type SaleAnswer = {
  saleId: string;
  createdAt: string;
  sellerName: string;
  totalValue: string;
  offline?: { syncedAt: string };
};

describe('the till sells offline and loses no sale (issue 14)', () => {
  const harness = useBrowserApp();
  const suffix = uniqueSuffix();
  const newProduct = async (letter: string, price: string, stock: number) => {
    const created = await harness.manager.post('/api/products', {
      name: `Offline ${letter} ${suffix}`,
      sku: `OFF-${letter}-${suffix}`,
      category: 'Skincare Products',
      price,
      currentStock: stock,
      minStockLevel: 0,
    });
    expect(created.status).toBe(201);
    return created.body as { id: string; sku: string; name: string };
  };
  const rowsFor = async (saleId: string): Promise<TransactionRow[]> =>
    ((await harness.manager.get('/api/transactions')).body as TransactionRow[]).filter((row) => row.saleId === saleId);

  it('takes 3 sales offline, keeps them through a reload, and records each exactly once with its time and prices', async () => {
    const serum = await newProduct('SERUM', '1500.00', 10);
    const soap = await newProduct('SOAP', '700.50', 10);
    const { context, page } = await openSignedIn(harness, 1280);
    await navigate(page, 'sales', 'Sales Till');
    await tillReadyOffline(page);
    await screenshot(page, 'offline-till-online', 1280);

    await context.setOffline(true);
    const before = Date.now();
    await sellByKeyboard(page, [serum.sku]);
    await sellByKeyboard(page, [soap.sku, soap.sku]);
    await sellByKeyboard(page, [serum.sku, soap.sku]);
    const after = Date.now();
    await expectText(page.getByTestId('till-queue-count'), /3 sales waiting to sync/);
    const queued = await queuedSaleIds(page);
    expect(queued).toHaveLength(3);
    await screenshot(page, 'offline-till-offline', 1280);

    // A reload with no network: the service worker serves the app, IndexedDB the catalogue and queue.
    await page.reload();
    await expectText(page.getByTestId('till-queue-count'), /Offline.*3 sales waiting to sync/);
    await expectVisible(page.getByTestId('product-tile').first());
    expect(await queuedSaleIds(page)).toEqual(queued);

    // Still offline, the receipt of a queued sale prints from what the till stored.
    const lastSale = page.getByTestId('till-waiting-sale').nth(2);
    const [receiptWindow] = await Promise.all([
      page.waitForEvent('popup'),
      lastSale.getByTestId('till-waiting-receipt').click(),
    ]);
    await expectVisible(receiptWindow.getByTestId('receipt'));
    await expectText(receiptWindow.getByTestId('receipt-sale-id'), queued[2]!);
    await expectText(receiptWindow.getByTestId('receipt-payment-method'), 'Cash');
    expect(await receiptWindow.getByTestId('receipt-line').count()).toBe(2);
    await expectText(
      receiptWindow.getByTestId('receipt-line').filter({ hasText: serum.name }).getByTestId('receipt-line-total'),
      /1,500\.00/,
    );
    await expectText(receiptWindow.getByTestId('receipt-total'), /2,200\.50/);
    await screenshot(receiptWindow, 'offline-till-receipt', 1280);
    await receiptWindow.close();

    const restored = Date.now();
    await context.setOffline(false);
    await expectHidden(page.getByTestId('till-offline-status'), 30_000);
    expect(await queuedSaleIds(page)).toEqual([]);

    const expected: Record<string, { total: string; lines: number }> = {
      [queued[0]!]: { total: '1500.00', lines: 1 },
      [queued[1]!]: { total: '1401.00', lines: 1 },
      [queued[2]!]: { total: '2200.50', lines: 2 },
    };
    for (const saleId of queued) {
      const rows = await rowsFor(saleId);
      expect(rows).toHaveLength(expected[saleId]!.lines);
      const sale: SaleAnswer = (await harness.manager.get(`/api/sales/${saleId}`)).body;
      expect(sale.totalValue).toBe(expected[saleId]!.total);
      expect(sale.sellerName).toBe('manager');
      // Recorded at the time of sale (while offline), not when it synced.
      expect(Date.parse(sale.createdAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(Date.parse(sale.createdAt)).toBeLessThanOrEqual(after + 1000);
    }
    const prices = (await rowsFor(queued[2]!)).map((row) => row.unitPrice).sort();
    expect(prices).toEqual(['1500.00', '700.50']);
    expect(restored).toBeGreaterThan(after);
    await context.close();
  });

  it('records an offline sale of the last unit sold online meanwhile, and the manager sees it oversold', async () => {
    const balm = await newProduct('BALM', '900.00', 1);
    const { context, page } = await openSignedIn(harness, 1280);
    await navigate(page, 'sales', 'Sales Till');
    await tillReadyOffline(page);
    await context.setOffline(true);
    await sellByKeyboard(page, [balm.sku]);
    const [saleId] = await queuedSaleIds(page);
    // Meanwhile another till sells the last unit online.
    const online = await harness.manager.post('/api/sales', {
      saleId: `CASH-${Date.now()}-other`,
      items: [{ productId: balm.id, quantity: 1 }],
      paymentMethod: 'cash',
    });
    expect(online.status).toBe(201);

    await context.setOffline(false);
    await expectHidden(page.getByTestId('till-offline-status'), 30_000);
    expect(await rowsFor(saleId!)).toHaveLength(1);
    const products: { id: string; currentStock: number }[] = (await harness.manager.get('/api/products')).body;
    expect(products.find((product) => product.id === balm.id)?.currentStock).toBe(-1);

    await navigate(page, 'dashboard', 'Dashboard');
    const alert = page.getByTestId('low-stock-alert').filter({ hasText: balm.name });
    await expectText(alert.getByTestId('oversold-flag'), 'Oversold while offline: count it or stock it in');
    expect(await page.getByTestId('notification-bell').getAttribute('aria-label')).toMatch(/oversold while offline/);
    await context.close();
  });

  it('asks the cashier to sign in again when the session expired while offline, then sends the sale', async () => {
    const oil = await newProduct('OIL', '1200.00', 5);
    const { context, page } = await openSignedIn(harness, 1280);
    await navigate(page, 'sales', 'Sales Till');
    await tillReadyOffline(page);
    await context.setOffline(true);
    await sellByKeyboard(page, [oil.sku]);
    const [saleId] = await queuedSaleIds(page);
    // The session ends while the till is offline (expired, or signed out elsewhere).
    await context.clearCookies();
    await context.setOffline(false);
    await expectText(
      page.getByTestId('queued-sales-notice'),
      '1 sale taken offline on this till is waiting: sign in again to send it.',
      30_000,
    );
    expect(await rowsFor(saleId!)).toHaveLength(0);
    await signInAnywhere(page, 'manager', 'manager-secret-1');
    for (let attempt = 0; attempt < 60 && (await rowsFor(saleId!)).length === 0; attempt += 1)
      await new Promise((resolve) => setTimeout(resolve, 500));
    const sale: SaleAnswer = (await harness.manager.get(`/api/sales/${saleId}`)).body;
    expect(sale).toMatchObject({ saleId, sellerName: 'manager', totalValue: '1200.00' });
    expect(await queuedSaleIds(page)).toEqual([]);
    await context.close();
  });

  it('sends a queued sale from two tabs at once and records it once', async () => {
    const mask = await newProduct('MASK', '450.00', 5);
    const { context, page } = await openSignedIn(harness, 1280);
    await navigate(page, 'sales', 'Sales Till');
    await tillReadyOffline(page);
    const second = await context.newPage();
    await second.goto('/sales');
    await expectVisible(second.getByTestId('till-search'));

    await context.setOffline(true);
    await sellByKeyboard(page, [mask.sku]);
    const [saleId] = await queuedSaleIds(page);
    await expectText(second.getByTestId('till-queue-count'), /1 sale waiting to sync/);

    // Both tabs see the connection return at the same moment, and both are asked to sync now.
    await context.setOffline(false);
    await Promise.all(
      [page, second].map((tab) =>
        tab
          .getByTestId('till-sync-now')
          .click({ timeout: 2_000 })
          .catch(() => undefined),
      ),
    );
    await expectHidden(page.getByTestId('till-offline-status'), 30_000);
    await expectHidden(second.getByTestId('till-offline-status'), 30_000);
    expect(await rowsFor(saleId!)).toHaveLength(1);
    // The server is the backstop: the same sale sent again answers the recorded one, 200.
    const repeat = await harness.manager.post('/api/sales', {
      saleId,
      items: [{ productId: mask.id, quantity: 1, unitPrice: '450' }],
      paymentMethod: 'cash',
    });
    expect(repeat.status).toBe(200);
    expect(await rowsFor(saleId!)).toHaveLength(1);
    await context.close();
  });
});

describe('till shortcuts and 5,000 products', () => {
  const harness = useBrowserApp();

  it('takes a cash sale from the keyboard alone: Tab to search, SKU + Enter, F7 pays in cash, F9 confirms', async () => {
    const suffix = uniqueSuffix();
    const created = await harness.manager.post('/api/products', {
      name: `Shortcut ${suffix}`,
      sku: `KEY-${suffix}`,
      category: 'Skincare Products',
      price: '250.00',
      currentStock: 4,
      minStockLevel: 0,
    });
    const { context, page } = await openSignedIn(harness, 1280);
    await navigate(page, 'sales', 'Sales Till');
    await page.reload();
    await expectVisible(page.getByTestId('till-search'));
    for (let step = 0; step < 40; step += 1) {
      const focused = await page.evaluate(() =>
        (globalThis as any).document.activeElement?.getAttribute('data-testid'),
      );
      if (focused === 'till-search') break;
      await page.keyboard.press('Tab');
    }
    await page.keyboard.type(`key-${suffix}`);
    await page.keyboard.press('Enter');
    await page.keyboard.type(`KEY-${suffix}`);
    await page.keyboard.press('Enter');
    await expectText(page.getByTestId('view-cart-button'), 'View Cart (1)');
    await page.keyboard.press('F7');
    await page.getByTestId('cart-dialog').locator('[data-testid="payment-cash"][aria-pressed="true"]').waitFor();
    await page.keyboard.press('F9');
    await expectHidden(page.getByTestId('cart-dialog'));
    // Focus is back in the search box for the next customer's first scan.
    await page.waitForFunction(
      () => (globalThis as any).document.activeElement?.getAttribute('data-testid') === 'till-search',
    );
    await expectToast(page, { title: 'Sale completed', description: 'Successfully processed 1 item(s)' });
    const rows: TransactionRow[] = (await harness.manager.get('/api/transactions')).body;
    const sold = rows.filter((row) => row.productId === created.body.id && row.type === 'out');
    expect(sold.map((row) => row.quantity)).toEqual([2]);
    await context.close();
  });

  it('stays fast with 5,000 products: draws a page of them and filters without visible lag', async () => {
    const suffix = uniqueSuffix();
    const total = 5000;
    for (let start = 0; start < total; start += 25) {
      await Promise.all(
        Array.from({ length: Math.min(25, total - start) }, (_, offset) =>
          harness.manager.post('/api/products', {
            name: `Bulk ${String(start + offset).padStart(4, '0')} ${suffix}`,
            sku: `BULK-${start + offset}-${suffix}`,
            category: 'Skincare Products',
            price: '100.00',
            currentStock: 5,
            minStockLevel: 0,
          }),
        ),
      );
    }
    const { context, page } = await openSignedIn(harness, 1280);
    const opened = Date.now();
    await navigate(page, 'sales', 'Sales Till');
    await expectVisible(page.getByTestId('till-shown-count'), 30_000);
    const firstPaint = Date.now() - opened;
    expect(await page.getByTestId('product-tile').count()).toBe(60);
    await expectText(page.getByTestId('till-shown-count'), new RegExp(`Showing 60 of ${total + 1}`));

    const search = page.getByTestId('till-search');
    await search.focus();
    const typed = Date.now();
    await page.keyboard.type('Bulk 4999');
    const keystrokes = Date.now() - typed;
    await page.waitForFunction(
      () => (globalThis as any).document.querySelectorAll('[data-testid="product-tile"]').length === 1,
    );
    const filtered = Date.now() - typed;
    console.log(
      `till with ${total} products: page shown in ${firstPaint} ms; typing 9 keys ${keystrokes} ms; filtered in ${filtered} ms`,
    );
    // Each key is answered at once (the list follows deferred); the whole filter well under a second.
    expect(keystrokes).toBeLessThan(2_000);
    expect(filtered).toBeLessThan(3_000);
    await context.close();
  });
});

describe('till at 375 px online and offline', () => {
  const harness = useBrowserApp();
  it('keeps the cart reachable and says it is offline', async () => {
    const suffix = uniqueSuffix();
    for (let index = 0; index < 8; index += 1)
      await harness.manager.post('/api/products', {
        name: `Narrow ${index} ${suffix}`,
        sku: `NARROW-${index}-${suffix}`,
        category: 'Skincare Products',
        price: '100.00',
        currentStock: 3,
        minStockLevel: 0,
      });
    const { context, page }: { context: BrowserContext; page: Page } = await openSignedIn(harness, 375);
    await navigate(page, 'sales', 'Sales Till');
    await tillReadyOffline(page);
    await screenshot(page, 'offline-till-online', 375);
    await context.setOffline(true);
    await page.getByTestId('add-to-cart').first().click();
    await page.mouse.wheel(0, 3000);
    await expectVisible(page.getByTestId('view-cart-button'));
    expect(await page.getByTestId('view-cart-button').isVisible()).toBe(true);
    const box = await page.getByTestId('view-cart-button').boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= 812).toBe(true);
    await page.getByTestId('view-cart-button').click();
    await page.getByTestId('payment-cash').click();
    await page.getByTestId('confirm-sale').click();
    await expectToast(page, { title: 'Sale saved offline', description: /1 item\(s\)/ });
    await expectText(page.getByTestId('till-queue-count'), /1 sale waiting to sync/);
    await page.mouse.wheel(0, 3000);
    await screenshot(page, 'offline-till-offline', 375, { fullPage: false });
    await context.setOffline(false);
    await expectHidden(page.getByTestId('till-offline-status'), 30_000);
    await context.close();
  });
});
