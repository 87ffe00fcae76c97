import type { Page } from 'playwright-core';
import { MANAGER, uniqueSuffix, useBrowserApp } from './support/browser-app';
import { expectNoSeriousA11yViolations } from './support/axe';
import {
  MOBILE_BREAKPOINT,
  expectHeading,
  expectHidden,
  expectText,
  expectToast,
  expectVisible,
  horizontalOverflow,
  navigate,
  openSignedIn,
  screenshot,
} from './support/screen';

/** Which count input has focus: the product id of its sheet row, or null. */
const focusedCountRow = (page: Page) =>
  page.evaluate(() => {
    const active = (globalThis as any).document.activeElement;
    return active?.getAttribute('data-testid') === 'count-input'
      ? (active.closest('[data-testid="count-sheet-line"]')?.getAttribute('data-product-id') ?? null)
      : null;
  });
const focusedTestId = (page: Page) =>
  page.evaluate(() => (globalThis as any).document.activeElement?.getAttribute('data-testid') ?? null);

/**
 * Issue 11, points 2 and 3: a stocktake counted on a count sheet (a scanner types SKU + Enter) and
 * posted once, then seen in the product's history and the audit trail; a manager reverses a movement
 * from Transactions, both entries show linked there and in the history, a second reversal is refused,
 * and a sale's receipt says it was reversed.
 */
describe('ledger screens: stocktake and reversal', () => {
  const harness = useBrowserApp();
  const suffix = uniqueSuffix();

  const createProduct = async (name: string, sku: string, category: string, currentStock: number) => {
    const created = await harness.manager.post('/api/products', {
      name,
      sku,
      category,
      price: '1000.00',
      costPrice: '600.00',
      currentStock,
      minStockLevel: 1,
    });
    expect(created.status).toBe(201);
    return created.body.id as string;
  };
  const wasteOf = async (productId: string, quantity: number, notes: string) => {
    const movement = await harness.manager.post('/api/transactions', {
      productId,
      type: 'out',
      quantity,
      unitPrice: '1000.00',
      reason: 'waste',
      notes,
    });
    expect(movement.status).toBe(201);
    return movement.body.id as string;
  };

  describe.each([
    [1280, 'Nail Care'],
    [375, 'Gift Sets'],
  ])('at %i px', (width, category) => {
    const mobile = width < MOBILE_BREAKPOINT;
    const tag = `${suffix}-${width}`;
    const products = [
      { name: `Count Polish ${tag}`, sku: `CNT-A-${tag}`, stock: 4 },
      { name: `Count File ${tag}`, sku: `CNT-B-${tag}`, stock: 6 },
      { name: `Count Oil ${tag}`, sku: `CNT-C-${tag}`, stock: 7 },
    ];
    const ids: string[] = [];
    let page: Page;

    beforeAll(async () => {
      for (const product of products) ids.push(await createProduct(product.name, product.sku, category, product.stock));
      ({ page } = await openSignedIn(harness, width));
    });

    it('counts 3 products with a scanner, keeps the draft over a reload, posts once, and shows it in history and the audit trail', async () => {
      await navigate(page, 'inventory', 'Inventory');
      await page.getByTestId('stocktake-link').click();
      await expectHeading(page, 'Stocktake');
      await page.getByTestId('stocktake-category').click();
      await page.getByRole('option', { name: category, exact: true }).click();
      const lines = page.getByTestId('count-sheet-line');
      await expectVisible(page.locator(`[data-testid="count-sheet-line"][data-product-id="${ids[2]}"]`));
      expect(await lines.count()).toBe(3);

      // A scanner: SKU (any letter case) + Enter, the count + Enter, back to the scan box.
      const scan = page.getByTestId('stocktake-scan');
      const counts = [4, 6, 5];
      for (const [index, product] of products.entries()) {
        await scan.focus();
        await page.keyboard.type(index === 1 ? product.sku.toLowerCase() : product.sku);
        await page.keyboard.press('Enter');
        expect(await focusedCountRow(page)).toBe(ids[index]);
        await page.keyboard.type(String(counts[index]));
        await page.keyboard.press('Enter');
        expect(await focusedTestId(page)).toBe('stocktake-scan');
      }
      await page.keyboard.type('NO-SUCH-SKU');
      await page.keyboard.press('Enter');
      await expectText(page.getByTestId('stocktake-scan-message'), 'No product on this sheet has SKU NO-SUCH-SKU');
      expect(await focusedTestId(page)).toBe('stocktake-scan');
      await scan.fill('');

      const oil = page.locator(`[data-testid="count-sheet-line"][data-product-id="${ids[2]}"]`);
      await expectText(oil.getByTestId('count-expected'), '7');
      await expectText(oil.getByTestId('count-difference'), '-2');
      await expectText(page.getByTestId('stocktake-summary'), '3 of 3 counted · 1 difference(s)');

      // The draft survives a reload.
      await page.getByTestId('stocktake-notes').fill('Monthly count');
      await page.reload();
      await expectHeading(page, 'Stocktake');
      await expectText(page.getByTestId('stocktake-summary'), '3 of 3 counted · 1 difference(s)');
      expect(await oil.getByTestId('count-input').inputValue()).toBe('5');
      expect(await page.getByTestId('stocktake-notes').inputValue()).toBe('Monthly count');
      expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, 'stocktake-sheet', width);
      await expectNoSeriousA11yViolations(page, `stocktake sheet at ${width}px`);

      await page.getByTestId('stocktake-review-button').click();
      const review = page.getByTestId('stocktake-review');
      await expectVisible(review);
      expect(await review.getByTestId('review-line').count()).toBe(1);
      await expectText(review.getByTestId('review-line'), new RegExp(`Count Oil ${tag}.*7 → 5 \\(-2\\)`));
      await screenshot(page, 'stocktake-review', width, { fullPage: false });
      await expectNoSeriousA11yViolations(page, `stocktake review at ${width}px`);
      await review.getByTestId('stocktake-post').click();
      await expectToast(page, { title: 'Stocktake posted', description: '3 product(s) counted, 1 adjusted.' });
      await expectHidden(review);
      await expectText(page.getByTestId('stocktake-result-line'), `Count Oil ${tag}: 7 → 5 (-2)`);
      await expectText(page.getByTestId('stocktake-summary'), '0 of 3 counted · 0 difference(s)');
      expect(await page.evaluate(() => Object.keys((globalThis as any).localStorage))).not.toContain(
        expect.stringMatching(/^stocktake-draft:/),
      );

      // Posted once: one adjustment, in the product's history...
      const { body: history } = await harness.manager.get(`/api/products/${ids[2]}/history`);
      expect(history.entries.filter((entry: { stocktake: unknown }) => entry.stocktake)).toHaveLength(1);
      await page.goto(`/products?history=${ids[2]}`);
      const dialog = page.getByTestId('product-history');
      const adjustment = dialog.locator('[data-testid="history-entry"][data-event="StockIssued"]');
      await expectVisible(adjustment);
      await expectText(adjustment.getByTestId('history-change'), '-2');
      await expectText(adjustment.getByTestId('history-reason'), 'Adjustment');
      await expectText(adjustment.getByTestId('history-by'), MANAGER.username);
      await expectText(adjustment.getByText(/^Stocktake:/), 'Stocktake: expected 7, counted 5');
      await screenshot(page, 'stocktake-in-history', width, { fullPage: false });
      await page.keyboard.press('Escape');

      // ...and in the audit trail, with who and stock before → after.
      await navigate(page, 'audit', 'Audit Trail');
      await page.getByTestId('audit-search').fill(`Count Oil ${tag}`);
      const entry = page
        .getByTestId('audit-entry')
        .filter({ has: page.getByTestId('audit-change') })
        .first();
      await expectVisible(entry);
      await expectText(entry.getByTestId('audit-change'), /^stock: 7 → +changed to +5$/);
      await expectText(entry.getByTestId('audit-by'), `by ${MANAGER.username}`);
    });

    it('reverses a waste line from Transactions: both entries show, linked, there and in the history; a second reversal is refused', async () => {
      const productId = await createProduct(`Reverse Mask ${tag}`, `REV-${tag}`, category, 10);
      const wasteId = await wasteOf(productId, 3, `Dropped ${tag}`);
      await navigate(page, 'transactions', 'Transactions');
      await page.getByTestId('transactions-search').fill(`Reverse Mask ${tag}`);
      const original = page.locator(`[data-testid="transaction-line"][data-transaction-id="${wasteId}"]`);
      await expectVisible(original);
      // A waste line reads Stock Out, not Sale.
      await expectText(original.getByTestId('transaction-type'), 'Stock Out');
      await expectText(original.getByTestId('reason-badge'), /^\s*waste\s*$/i);

      await original.getByTestId('reverse-movement-button').click();
      const dialog = page.getByTestId('reverse-movement-dialog');
      await expectVisible(dialog);
      await dialog.getByTestId('reverse-confirm').click();
      await expectText(dialog.getByText(/^Notes are required/), 'Notes are required: say why it is reversed');
      await dialog.getByTestId('reverse-reason').fill('Counted twice by mistake');
      await screenshot(page, 'reverse-dialog', width, { fullPage: false });
      await expectNoSeriousA11yViolations(page, `reverse dialog at ${width}px`);
      await dialog.getByTestId('reverse-confirm').click();
      await expectToast(page, { title: 'Movement reversed', description: /has been reversed/ });
      await expectHidden(dialog);

      const reversedBy = original.getByTestId('transaction-reversed-by');
      await expectVisible(reversedBy);
      const reversalId = (await reversedBy.getAttribute('data-movement-id'))!;
      const reversal = page.locator(`[data-testid="transaction-line"][data-transaction-id="${reversalId}"]`);
      await expectVisible(reversal);
      expect(await reversal.getByTestId('transaction-reverses').getAttribute('data-movement-id')).toBe(wasteId);
      await expectText(reversal.getByTestId('transaction-type'), 'Stock In');
      await expectText(reversal.getByTestId('transaction-quantity'), '+3');
      await expectText(reversal.getByTestId('transaction-notes'), 'Counted twice by mistake');
      // Neither can be reversed (again).
      expect(await original.getByTestId('reverse-movement-button').count()).toBe(0);
      expect(await reversal.getByTestId('reverse-movement-button').count()).toBe(0);
      // The link lists both by the original's id.
      await reversal.getByTestId('transaction-reverses').click();
      expect(await page.getByTestId('transactions-search').inputValue()).toBe(wasteId);
      await expectVisible(original);
      await expectVisible(reversal);
      if (mobile) expect(await horizontalOverflow(page)).toBe(0);
      await screenshot(page, 'reversal-in-transactions', width);
      await expectNoSeriousA11yViolations(page, `transactions with a reversal at ${width}px`);

      // The product history, from the line: both entries, each linking to the other.
      await original.getByTestId('line-history-button').click();
      const history = page.getByTestId('product-history');
      const originalEntry = history.locator(`[data-testid="history-entry"][data-movement-id="${wasteId}"]`);
      const reversalEntry = history.locator(`[data-testid="history-entry"][data-movement-id="${reversalId}"]`);
      await expectVisible(originalEntry);
      expect(await originalEntry.getByTestId('history-reversed-by').getAttribute('data-movement-id')).toBe(reversalId);
      expect(await reversalEntry.getByTestId('history-reverses').getAttribute('data-movement-id')).toBe(wasteId);
      expect(await history.getByTestId('reverse-movement-button').count()).toBe(0);
      await reversalEntry.getByTestId('history-reverses').click();
      await page.waitForFunction(
        (id) => (globalThis as any).document.activeElement?.getAttribute('data-movement-id') === id,
        wasteId,
      );
      await screenshot(page, 'reversal-in-history', width, { fullPage: false });
      await expectNoSeriousA11yViolations(page, `product history with a reversal at ${width}px`);
      await page.keyboard.press('Escape');
      await expectHidden(history);

      // Reversed meanwhile by someone else: the server's 409 is shown in the dialog.
      const staleId = await wasteOf(productId, 1, `Chipped ${tag}`);
      await page.getByTestId('transactions-search').fill(`Chipped ${tag}`);
      const stale = page.locator(`[data-testid="transaction-line"][data-transaction-id="${staleId}"]`);
      await expectVisible(stale.getByTestId('reverse-movement-button'));
      const first = await harness.manager.post(`/api/transactions/${staleId}/reverse`, { notes: 'Found it intact' });
      expect(first.status).toBe(201);
      await stale.getByTestId('reverse-movement-button').click();
      await dialog.getByTestId('reverse-reason').fill('Also intact');
      await dialog.getByTestId('reverse-confirm').click();
      await expectText(dialog.getByTestId('reverse-error'), 'This movement has already been reversed');
      await page.keyboard.press('Escape');
      await expectHidden(dialog);
      await expectVisible(stale.getByTestId('transaction-reversed-by'));
      expect(await stale.getByTestId('reverse-movement-button').count()).toBe(0);
      const { body: storedHistory } = await harness.manager.get(`/api/products/${productId}/history`);
      expect(
        storedHistory.entries.filter((entry: { reference: string | null }) => entry.reference === staleId),
      ).toHaveLength(1);
    });

    it('marks a sale and its receipt as reversed', async () => {
      const productId = await createProduct(`Reverse Gift ${tag}`, `REVG-${tag}`, category, 5);
      const saleId = `CASH-REV-${tag}`;
      const sale = await harness.manager.post('/api/sales', {
        saleId,
        items: [{ productId, quantity: 2 }],
        discountPercentage: '0',
        paymentMethod: 'cash',
      });
      expect(sale.status).toBe(201);
      const reversed = await harness.manager.post(`/api/transactions/${sale.body.lines[0].id}/reverse`, {
        notes: 'Customer returned it unopened',
      });
      expect(reversed.status).toBe(201);
      await page.getByTestId('transactions-search').fill(saleId);
      const group = page.locator(`[data-testid="transaction-group"][data-sale-id="${saleId}"]`);
      await expectText(group.getByTestId('sale-reversed'), 'Reversed');
      const [popup] = await Promise.all([page.waitForEvent('popup'), group.getByTestId('print-receipt').click()]);
      await expectText(popup.getByTestId('receipt-reversed'), /^This sale has been reversed\./);
      await expectText(popup.getByTestId('receipt-line-reversed'), '(reversed)');
      await popup.close();
    });
  });

  it("keeps the counts typed on another category's sheet when one sheet is posted", async () => {
    const tag = `${suffix}-two`;
    const razor = await createProduct(`Count Razor ${tag}`, `CNT-R-${tag}`, "Men's Grooming", 5);
    const mist = await createProduct(`Count Mist ${tag}`, `CNT-M-${tag}`, 'Fragrances', 8);
    const { page } = await openSignedIn(harness, 1280);
    await navigate(page, 'inventory', 'Inventory');
    await page.getByTestId('stocktake-link').click();
    await expectHeading(page, 'Stocktake');
    const pick = async (category: string) => {
      await page.getByTestId('stocktake-category').click();
      await page.getByRole('option', { name: category, exact: true }).click();
    };
    const countOf = (productId: string) =>
      page.locator(`[data-testid="count-sheet-line"][data-product-id="${productId}"]`).getByTestId('count-input');

    // Counted on the Men's Grooming sheet, then the Fragrances sheet is counted and posted alone.
    await pick("Men's Grooming");
    await countOf(razor).fill('3');
    await pick('Fragrances');
    await countOf(mist).fill('9');
    await page.getByTestId('stocktake-notes').fill('Two sheets');
    await page.getByTestId('stocktake-review-button').click();
    await page.getByTestId('stocktake-review').getByTestId('stocktake-post').click();
    await expectToast(page, { title: 'Stocktake posted', description: '1 product(s) counted, 1 adjusted.' });
    await expectText(page.getByTestId('stocktake-result-line'), `Count Mist ${tag}: 8 → 9 (+1)`);

    // The other sheet's count is still there to post, with the notes it will need.
    await pick("Men's Grooming");
    expect(await countOf(razor).inputValue()).toBe('3');
    expect(await page.getByTestId('stocktake-notes').inputValue()).toBe('Two sheets');
    const { body: history } = await harness.manager.get(`/api/products/${razor}/history`);
    expect(history.entries.filter((entry: { stocktake: unknown }) => entry.stocktake)).toHaveLength(0);
  });
  it("shows when a line taken offline was sold in the product's history, in the ledger's order", async () => {
    const id = await createProduct(`Offline Balm ${suffix}`, `OFF-${suffix}`, 'Skincare Products', 6);
    const soldAt = new Date(Date.now() - 3 * 60 * 60_000).toISOString();
    const sale = await harness.manager.post('/api/sales', {
      saleId: `OFFLINE-HISTORY-${suffix}`,
      items: [{ productId: id, quantity: 2, unitPrice: '1000.00' }],
      discountPercentage: '0',
      paymentMethod: 'cash',
      offline: { soldAt, catalogAsOf: new Date(Date.parse(soldAt) - 60_000).toISOString(), sellerName: 'manager' },
    });
    expect(sale.status).toBe(201);
    const { page } = await openSignedIn(harness, 1280);
    await page.goto(`/products?history=${id}`);
    const line = page.getByTestId('product-history').locator('[data-testid="history-entry"][data-event="StockIssued"]');
    await expectVisible(line);
    // The shop's date format as the browser writes it (spec: en-NG, Lagos time).
    const expected = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' }).format(
          new Date(iso),
        ),
      soldAt,
    );
    await expectText(line.getByTestId('history-sold-at'), expected);
    await expectText(line.getByTestId('history-balance'), '4');
    expect(await page.getByTestId('history-sold-at').count()).toBe(1);
  });
});
