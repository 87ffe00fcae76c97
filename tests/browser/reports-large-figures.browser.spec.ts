import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { spilling } from './support/spilling';
import { formatKobo, percentOfKobo, toKobo } from './support/money';
import { expectText, expectVisible, navigate, openSignedIn, screenshot } from './support/screen';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Africa/Lagos is UTC+01:00 all year. */
const lagosDay = (time: number) => new Date(time + 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * Tens of millions of naira (a month of sales, the stock's value) are ordinary figures for the shop:
 * on a phone and a tablet each stays inside its card or cell, whole, not running over the next one.
 */
describe('reports with figures in the tens of millions of naira', () => {
  const harness = useBrowserApp();
  const suffix = uniqueSuffix();
  const price = '12345678.99';
  const quantity = 2;
  const discount = '10';
  const original = toKobo(price) * quantity;
  const sales = original - percentOfKobo(original, discount);

  beforeAll(async () => {
    const product = await harness.manager.post('/api/products', {
      name: `Gold Leaf Serum ${suffix}`,
      sku: `GOLD-${suffix}`,
      category: 'Skincare Products',
      price,
      costPrice: '10000000.00',
      currentStock: 5,
      minStockLevel: 1,
    });
    expect(product.status).toBe(201);
    const sale = await harness.manager.post('/api/sales', {
      saleId: `CASH-${Date.now()}-gold`,
      items: [{ productId: product.body.id, quantity }],
      discountPercentage: discount,
      paymentMethod: 'cash',
    });
    expect(sale.status).toBe(201);
  });

  it('at 375 px the figures known then, today and their change fit their row, side by side without overlap', async () => {
    const { page, context } = await openSignedIn(harness, 375);
    await navigate(page, 'reports', 'Reports');
    // As known at yesterday: nothing was known, so every figure changed by its whole amount.
    await page.getByTestId('report-known-at').fill(lagosDay(Date.now() - DAY_MS));
    const comparison = page.getByTestId('known-at-comparison');
    const salesRow = comparison.locator('[data-testid="known-at-row"][data-key="total-sales"]');
    await expectText(salesRow.locator('td[data-column="today"]'), formatKobo(sales));
    await expectText(salesRow.locator('td[data-column="change"]'), `+${formatKobo(sales)}`);
    await comparison.scrollIntoViewIfNeeded();
    await screenshot(page, '71-reports-known-at-large', 375);

    const cells = comparison.locator('[data-testid="known-at-row"] td');
    expect(await spilling(cells, '[data-testid="known-at-row"]')).toEqual([]);
    // No two cells of a row share any pixel.
    const overlaps = await comparison.locator('[data-testid="known-at-row"]').evaluateAll((rows) =>
      rows.flatMap((row: any) => {
        const rects = [...row.querySelectorAll('td')].map((cell: any) => ({
          column: cell.getAttribute('data-column') as string,
          rect: cell.getBoundingClientRect(),
        }));
        return rects.flatMap((a, index) =>
          rects
            .slice(index + 1)
            .filter(
              (b) =>
                a.rect.left < b.rect.right &&
                b.rect.left < a.rect.right &&
                a.rect.top < b.rect.bottom &&
                b.rect.top < a.rect.bottom,
            )
            .map((b) => `${row.getAttribute('data-key')}: ${a.column} / ${b.column}`),
        );
      }),
    );
    expect(overlaps).toEqual([]);
    await context.close();
  });

  it('at 375 px the stock in and stock out totals of the transaction summary fit their tiles', async () => {
    const { page, context } = await openSignedIn(harness, 375);
    await navigate(page, 'reports', 'Reports');
    const stockOut = page.getByTestId('movement-out').getByTestId('movement-value');
    await expectText(stockOut, formatKobo(sales));
    // One sale line of two units; no stock in at all.
    await expectText(page.getByTestId('movement-out').locator('p').nth(1), '1 movement · 2 units');
    await expectText(page.getByTestId('movement-in').locator('p').nth(1), '0 movements · 0 units');
    await stockOut.scrollIntoViewIfNeeded();
    await screenshot(page, '73-reports-movement-tiles-large', 375, { fullPage: false });
    expect(
      await spilling(
        page.getByTestId('movement-value'),
        '[data-testid^="movement-"]:not([data-testid="movement-value"])',
      ),
    ).toEqual([]);
    await context.close();
  });

  it.each([768, 1536])('at %i px each summary card holds its whole figure', async (width) => {
    const { page, context } = await openSignedIn(harness, width);
    await navigate(page, 'reports', 'Reports');
    const salesCard = page.getByTestId('report-card-sales').getByTestId('report-card-value');
    await expectText(salesCard, formatKobo(sales));
    await expectVisible(page.getByTestId('report-card-stock-value').getByText(/^₦/));
    await screenshot(page, '72-reports-cards-large', width, { fullPage: false });
    expect(
      await spilling(
        page.getByTestId('report-card-value'),
        '[data-testid^="report-card-"]:not([data-testid="report-card-value"])',
      ),
    ).toEqual([]);
    await context.close();
  });
});
