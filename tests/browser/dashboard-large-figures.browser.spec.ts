import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { spilling } from './support/spilling';
import { formatKobo, toKobo } from './support/money';
import { expectText, openSignedIn, screenshot } from './support/screen';

/**
 * A shop whose stock is worth hundreds of billions of naira at selling prices (the largest figure the
 * stock can add up to here: ₦999,999,999,999.99): the dashboard's Stock Value card holds its whole
 * value and profit on a phone, a tablet and a laptop.
 */
describe('dashboard with a stock value in the hundreds of billions of naira', () => {
  const harness = useBrowserApp();
  const suffix = uniqueSuffix();
  // 99,999,999.99 (the largest price) × 10,000 + 99.99 × 1.
  const stock = [
    { price: '99999999.99', costPrice: '1.00', currentStock: 10_000 },
    { price: '99.99', costPrice: '1.00', currentStock: 1 },
  ];
  const value = stock.reduce((sum, line) => sum + toKobo(line.price) * line.currentStock, 0);
  const profit = stock.reduce(
    (sum, line) => sum + (toKobo(line.price) - toKobo(line.costPrice)) * line.currentStock,
    0,
  );

  beforeAll(async () => {
    for (const [index, line] of stock.entries()) {
      const created = await harness.manager.post('/api/products', {
        name: `Vault Serum ${index} ${suffix}`,
        sku: `VAULT-${index}-${suffix}`,
        category: 'Skincare Products',
        minStockLevel: 0,
        ...line,
      });
      expect(created.status).toBe(201);
    }
    expect(formatKobo(value)).toBe('₦999,999,999,999.99');
  });

  it.each([375, 640, 768, 1024, 1280, 1536])('at %i px each metric card holds its whole figure', async (width) => {
    const { page, context } = await openSignedIn(harness, width);
    const card = page.getByTestId('metric-card-stock-value');
    await expectText(card.getByTestId('metric-value'), formatKobo(value));
    await expectText(card.getByTestId('metric-subtitle'), `Profit: ${formatKobo(profit)}`);
    await screenshot(page, '84-dashboard-cards-large', width, { fullPage: false });
    const inCard = '[data-testid^="metric-card-"]';
    expect(await spilling(page.locator(`${inCard} [data-testid="metric-value"]`), inCard)).toEqual([]);
    expect(await spilling(page.locator(`${inCard} [data-testid="metric-subtitle"]`), inCard)).toEqual([]);
    await context.close();
  });
});
