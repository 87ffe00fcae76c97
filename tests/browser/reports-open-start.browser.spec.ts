import { readFile } from 'node:fs/promises';
import { MANAGER, uniqueSuffix, useBrowserApp } from './support/browser-app';
import { formatKobo, toKobo } from './support/money';
import { appendPastSale } from './support/past-sale';
import { expectText, navigate, openSignedIn } from './support/screen';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Reports with From left empty: no start to the period, for the figures as for the transactions
 * export. The figures had quietly kept to the month of To (the server's default for a call without
 * `from`) while the export, sent the same empty From, held every movement since the shop opened.
 */
describe('reports with an empty From', () => {
  const harness = useBrowserApp();
  const suffix = uniqueSuffix();
  const product = {
    name: `Open Start Balm ${suffix}`,
    sku: `OPEN-${suffix}`,
    category: 'Body Care' as const,
    price: '4200.00',
    costPrice: '3000.00',
    openingStock: 10,
  };
  const quantity = 2;

  beforeAll(async () => {
    // Forty days ago: always before the first day of this month.
    await appendPastSale(harness, new Date(Date.now() - 40 * DAY_MS), product, {
      quantity,
      sellerName: MANAGER.username,
    });
  });

  it('counts a sale of an earlier month in the figures, as the export of the same range holds it', async () => {
    const { page, context } = await openSignedIn(harness, 1280);
    await navigate(page, 'reports', 'Reports');
    const sales = page.getByTestId('report-card-sales').getByTestId('report-card-value');
    // This month by default: the sale of forty days ago is not in it.
    await expectText(sales, formatKobo(0));

    await page.getByTestId('report-range-from').fill('');
    await expectText(sales, formatKobo(toKobo(product.price) * quantity));
    await expectText(page.getByTestId('report-card-units').getByTestId('report-card-value'), String(quantity));

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export Transactions', exact: true }).click(),
    ]);
    const csv = await readFile(await file.path(), 'utf8');
    expect(csv).toContain(`${product.name},${product.sku},Stock Out,${quantity}`);
    await context.close();
  });
});
