import { readFile } from 'node:fs/promises';
import { setTimeout as delay } from 'node:timers/promises';
import type { Locator, Page } from 'playwright-core';
import { MANAGER, uniqueSuffix, useBrowserApp } from './support/browser-app';
import { formatKobo, toKobo } from './support/money';
import {
  MOBILE_BREAKPOINT,
  expectText,
  expectVisible,
  horizontalOverflow,
  navigate,
  openSignedIn,
  screenshot,
} from './support/screen';

/** RFC 4180 rows (quoted fields, doubled quotes, CRLF), after stripping the BOM. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let index = 0; index < body.length; index++) {
    const char = body[index]!;
    if (quoted) {
      if (char === '"' && body[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[index + 1] === '\n') index++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** An instant as the as-of input takes it: Lagos wall-clock time (UTC+01:00 all year), to the second. */
const lagosLocal = (time: number) => new Date(time + 60 * 60 * 1000).toISOString().slice(0, 19);

/**
 * Reports: seeded sales and movements show up in the range report, both CSV exports download with
 * the server's file names, the as-of view goes back in time, and a product's history lists its
 * movements with balances.
 */
describe('reports, CSV exports, stock as of a date and product history', () => {
  const harness = useBrowserApp();
  const suffix = uniqueSuffix();
  const serum = {
    name: `Report Serum ${suffix}`,
    sku: `RPT-S-${suffix}`,
    category: 'Skincare Products',
    price: '2450.50',
    costPrice: '1800',
    currentStock: 10,
    minStockLevel: 3,
  };
  const lipstick = {
    name: `Report Lipstick ${suffix}`,
    sku: `RPT-L-${suffix}`,
    category: 'Makeup Products',
    price: '999.99',
    costPrice: '500',
    currentStock: 5,
    minStockLevel: 2,
  };
  const serumSale = { quantity: 3, discount: '10' };
  const lipstickSale = { quantity: 2 };
  const serumRestock = { quantity: 6, unitPrice: '1800' };
  const ids: Record<string, string> = {};
  let beforeMovements = 0;

  // Expected figures, worked out from the inputs in kobo (half-up discount, like the till).
  const serumOriginal = toKobo(serum.price) * serumSale.quantity;
  const serumDiscount = Math.floor((serumOriginal * Number(serumSale.discount) + 50) / 100);
  const serumSales = serumOriginal - serumDiscount;
  const serumProfit = (toKobo(serum.price) - toKobo(serum.costPrice)) * serumSale.quantity - serumDiscount;
  const lipstickSales = toKobo(lipstick.price) * lipstickSale.quantity;
  const lipstickProfit = (toKobo(lipstick.price) - toKobo(lipstick.costPrice)) * lipstickSale.quantity;
  const serumNow = serum.currentStock - serumSale.quantity + serumRestock.quantity;
  const lipstickNow = lipstick.currentStock - lipstickSale.quantity;

  beforeAll(async () => {
    const { manager } = harness;
    for (const product of [serum, lipstick]) {
      const created = await manager.post('/api/products', product);
      expect(created.status).toBe(201);
      ids[product.sku] = created.body.id;
    }
    // The as-of instant: after the products exist, before any movement (whole seconds either side).
    await delay(1_500);
    beforeMovements = Math.floor(Date.now() / 1000) * 1000;
    await delay(1_500);
    const sale = async (productId: string, quantity: number, discountPercentage: string) => {
      const response = await manager.post('/api/sales', {
        saleId: `rpt-${suffix}-${productId}`,
        items: [{ productId, quantity }],
        discountPercentage,
        paymentMethod: 'cash',
      });
      expect(response.status).toBe(201);
    };
    await sale(ids[serum.sku]!, serumSale.quantity, serumSale.discount);
    await sale(ids[lipstick.sku]!, lipstickSale.quantity, '0');
    const restock = await manager.post('/api/transactions', {
      productId: ids[serum.sku],
      type: 'in',
      quantity: serumRestock.quantity,
      unitPrice: serumRestock.unitPrice,
      reason: 'purchase',
      notes: 'Restock from supplier',
    });
    expect(restock.status).toBe(201);
  });
  const cell = (row: Locator, column: string) => row.locator(`td[data-column="${column}"]`);

  describe.each([1280, 375])('at %i px', (width) => {
    const mobile = width < MOBILE_BREAKPOINT;
    let page: Page;

    beforeAll(async () => {
      ({ page } = await openSignedIn(harness, width));
      await navigate(page, 'reports', 'Reports');
    });

    it('shows the seeded sales in the date-range report', async () => {
      const summary = page.getByTestId('reports-summary');
      await expectVisible(summary);
      await expectText(summary.getByTestId('report-card-total-products').getByTestId('report-card-value'), '2');
      await expectText(
        summary.getByTestId('report-card-sales').getByTestId('report-card-value'),
        formatKobo(serumSales + lipstickSales),
      );
      await expectText(
        summary.getByTestId('report-card-units').getByTestId('report-card-value'),
        String(serumSale.quantity + lipstickSale.quantity),
      );
      await expectText(
        summary.getByTestId('report-card-profit').getByTestId('report-card-value'),
        formatKobo(serumProfit + lipstickProfit),
      );
      // Spec 9's formula ignores the discount: shown beside the profit net of it.
      await expectText(
        summary.getByTestId('report-card-profit-before-discounts').getByTestId('report-card-value'),
        formatKobo(serumProfit + serumDiscount + lipstickProfit),
      );
      const stockValue = toKobo(serum.price) * serumNow + toKobo(lipstick.price) * lipstickNow;
      await expectText(
        summary.getByTestId('report-card-stock-value').getByTestId('report-card-value'),
        formatKobo(stockValue),
      );

      const byCategory = page.getByTestId('report-sales-by-category');
      const serumRow = byCategory.locator(`[data-testid="sales-row"][data-key="${serum.category}"]`);
      await expectText(cell(serumRow, 'Units'), String(serumSale.quantity));
      await expectText(cell(serumRow, 'Sales'), formatKobo(serumSales));
      await expectText(cell(serumRow, 'Discounts'), formatKobo(serumDiscount));
      await expectText(cell(serumRow, 'Profit'), formatKobo(serumProfit));
      await expectText(cell(serumRow, 'Profit before discounts'), formatKobo(serumProfit + serumDiscount));
      const lipstickRow = byCategory.locator(`[data-testid="sales-row"][data-key="${lipstick.category}"]`);
      await expectText(cell(lipstickRow, 'Sales'), formatKobo(lipstickSales));
      await expectText(cell(lipstickRow, 'Profit'), formatKobo(lipstickProfit));

      const staffRow = page
        .getByTestId('report-sales-by-staff')
        .locator(`[data-testid="sales-row"][data-key="${MANAGER.username}"]`);
      await expectText(cell(staffRow, 'Units'), String(serumSale.quantity + lipstickSale.quantity));
      await expectText(cell(staffRow, 'Sales'), formatKobo(serumSales + lipstickSales));

      // Inventory by category: chart and table.
      await expectVisible(page.getByTestId('category-chart').locator('.recharts-bar-rectangle').first());
      const categoryRow = page.getByTestId('category-table').locator(`[data-key="${serum.category}"]`);
      await expectText(cell(categoryRow, 'Units'), String(serumNow));
      await expectText(cell(categoryRow, 'Value'), formatKobo(toKobo(serum.price) * serumNow));
      await expectVisible(page.getByTestId('stock-alerts'));

      // A range that ends before today leaves the sales out.
      await page.getByTestId('report-range-from').fill('2020-01-01');
      await page.getByTestId('report-range-to').fill('2020-01-31');
      await expectText(summary.getByTestId('report-card-sales').getByTestId('report-card-value'), formatKobo(0));
      await expectText(page.getByTestId('report-sales-by-category'), /No sales in this range/);
      // The chosen range is in the address (a reload keeps it); the page's own address is this month's.
      expect(new URL(page.url()).searchParams.get('from')).toBe('2020-01-01');
      await page.goto('/reports');
      await expectText(
        page.getByTestId('reports-summary').getByTestId('report-card-sales').getByTestId('report-card-value'),
        formatKobo(serumSales + lipstickSales),
      );
      await screenshot(page, `60-reports`, width);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    });

    it('downloads both CSV exports with the server file names', async () => {
      // The spec's "export buttons": found as buttons by their names, as a user (or a screen reader) finds them.
      const download = async (name: string) => {
        const button = page.getByRole('button', { name, exact: true });
        const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
        const path = await file.path();
        return { name: file.suggestedFilename(), rows: parseCsv(await readFile(path, 'utf8')) };
      };

      const inventory = await download('Export Inventory');
      expect(inventory.name).toMatch(/^inventory-report-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(inventory.rows[0]).toEqual([
        'Name',
        'SKU',
        'Category',
        'Price',
        'Current Stock',
        'Min Stock Level',
        'Stock Value',
        'Status',
      ]);
      const serumLine = inventory.rows.find((row) => row[1] === serum.sku);
      expect(serumLine?.[0]).toBe(serum.name);
      expect(serumLine?.[2]).toBe(serum.category);
      expect(toKobo(serumLine![3]!)).toBe(toKobo(serum.price));
      expect(Number(serumLine?.[4])).toBe(serumNow);
      expect(toKobo(serumLine![6]!)).toBe(toKobo(serum.price) * serumNow);

      const transactions = await download('Export Transactions');
      expect(transactions.name).toMatch(/^transactions-report-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(transactions.rows[0]).toEqual([
        'Date',
        'Product',
        'SKU',
        'Type',
        'Quantity',
        'Unit Price',
        'Total Value',
        'Reason',
        'Notes',
      ]);
      const restockLine = transactions.rows.find((row) => row[2] === serum.sku && row[7]?.toLowerCase() === 'purchase');
      expect(restockLine).toBeDefined();
      expect(Number(restockLine?.[4])).toBe(serumRestock.quantity);
      expect(toKobo(restockLine![6]!)).toBe(toKobo(serumRestock.unitPrice) * serumRestock.quantity);
      const saleLine = transactions.rows.find((row) => row[2] === lipstick.sku && row[7]?.toLowerCase() === 'sale');
      expect(Number(saleLine?.[4])).toBe(lipstickSale.quantity);
    });

    it('shows the stock as it was before the movements', async () => {
      const asOfRow = (sku: string) =>
        page.getByTestId('as-of-table').locator(`[data-testid="as-of-row"]`, { hasText: sku });
      await expectText(asOfRow(serum.sku).getByTestId('as-of-stock'), String(serumNow));
      await page.getByTestId('report-as-of').fill(lagosLocal(beforeMovements));
      await expectText(asOfRow(serum.sku).getByTestId('as-of-stock'), String(serum.currentStock));
      await expectText(asOfRow(lipstick.sku).getByTestId('as-of-stock'), String(lipstick.currentStock));
      await expectText(
        asOfRow(serum.sku).getByTestId('as-of-value'),
        formatKobo(toKobo(serum.price) * serum.currentStock),
      );
      await asOfRow(serum.sku).scrollIntoViewIfNeeded();
      await screenshot(page, `61-reports-as-of`, width);
      // The stock of that instant downloads as the inventory CSV of that day, not today's stock.
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export this stock', exact: true }).click(),
      ]);
      expect(file.suggestedFilename()).toBe(`inventory-report-${lagosLocal(beforeMovements).slice(0, 10)}.csv`);
      const rows = parseCsv(await readFile(await file.path(), 'utf8'));
      expect(rows.find((row) => row[1] === serum.sku)?.[4]).toBe(String(serum.currentStock));
      expect(rows.find((row) => row[1] === lipstick.sku)?.[4]).toBe(String(lipstick.currentStock));
      await page.getByTestId('report-as-of').fill('');
      await expectText(asOfRow(serum.sku).getByTestId('as-of-stock'), String(serumNow));
      expect(await page.getByTestId('export-as-of-inventory').count()).toBe(0);
    });

    it("lists a product's movements with balances in its history", async () => {
      // Wide: from the Products table; narrow: from the Inventory card.
      let trigger: Locator;
      if (mobile) {
        await navigate(page, 'inventory', 'Inventory');
        trigger = page
          .locator(`[data-testid="product-card"][data-sku="${serum.sku}"]`)
          .getByTestId('product-history-button');
      } else {
        await navigate(page, 'products', 'Products');
        trigger = page
          .locator(`[data-testid="product-row"][data-sku="${serum.sku}"]`)
          .getByTestId('product-history-button');
      }
      await trigger.click();
      const history = page.getByTestId('product-history');
      await expectVisible(history);
      const entries = history.getByTestId('history-entry');
      await expectText(entries.nth(2).getByTestId('history-balance'), String(serumNow));
      const expected = [
        { change: `+${serum.currentStock}`, balance: serum.currentStock, event: 'Created' },
        { change: `-${serumSale.quantity}`, balance: serum.currentStock - serumSale.quantity, event: 'Stock Out' },
        { change: `+${serumRestock.quantity}`, balance: serumNow, event: 'Stock In' },
      ];
      expect(await entries.count()).toBe(expected.length);
      for (const [index, entry] of expected.entries()) {
        const item = entries.nth(index);
        await expectText(item.getByTestId('history-event'), entry.event);
        await expectText(item.getByTestId('history-change'), entry.change);
        await expectText(item.getByTestId('history-balance'), String(entry.balance));
        await expectText(item.getByTestId('history-by'), new RegExp(MANAGER.username));
      }
      await expectText(entries.nth(1).getByTestId('history-reason'), /sale/i);
      await expectText(entries.nth(1).getByTestId('history-reference'), /Sale rpt-/);
      await expectText(entries.nth(2).getByTestId('history-notes'), 'Restock from supplier');
      await screenshot(page, `62-product-history`, width, { fullPage: false });
      await page.keyboard.press('Escape');
    });
  });
});
