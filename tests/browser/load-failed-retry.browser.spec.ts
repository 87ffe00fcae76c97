import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { failNext, tabTo } from './support/fail-next';
import { expectHidden, expectText, expectVisible, navigate, openSignedIn, screenshot } from './support/screen';

/**
 * A data call that failed once (a gateway restarting, a dropped connection) is not the end of the
 * screen: the queries never retry on their own, so each "could not be loaded" offers a Try again
 * button, reachable by keyboard, that asks again; once the call succeeds the rows show.
 */
describe('"could not be loaded" sections offer Try again', () => {
  const harness = useBrowserApp();
  const suffix = uniqueSuffix();
  const name = `Retry Balm ${suffix}`;

  beforeAll(async () => {
    const created = await harness.manager.post('/api/products', {
      name,
      sku: `RETRY-${suffix}`,
      category: 'Skincare Products',
      price: '1200.00',
      costPrice: '700.00',
      currentStock: 8,
      minStockLevel: 2,
    });
    expect(created.status).toBe(201);
    const restock = await harness.manager.post('/api/transactions', {
      productId: created.body.id,
      type: 'in',
      quantity: 2,
      unitPrice: '1200.00',
      reason: 'purchase',
      notes: `Restock of ${name}`,
    });
    expect(restock.status).toBe(201);
  });

  it('audit trail: the failed call is asked again from the keyboard and the entries show', async () => {
    const { page, context } = await openSignedIn(harness, 375);
    const failed = await failNext(page, /\/api\/audit\?/);
    await navigate(page, 'audit', 'Audit Trail');
    const failure = page.getByTestId('audit-load-failed');
    await expectText(failure.locator('p'), 'The audit trail could not be loaded.');
    const retry = failure.getByRole('button', { name: 'Try again', exact: true });
    await expectVisible(retry);
    expect(failed()).toBe(1);
    await screenshot(page, '80-audit-load-failed', 375);

    await tabTo(page, 'audit-load-failed');
    await page.keyboard.press('Enter');
    await expectHidden(failure);
    await expectVisible(page.getByTestId('audit-entry').filter({ hasText: name }).first());
    await context.close();
  });

  it('reports: the figures and the stock sections are asked again and show', async () => {
    const { page, context } = await openSignedIn(harness, 1280);
    await failNext(page, /\/api\/reports\/summary\?/);
    await failNext(page, /\/api\/inventory(\?|$)/);
    await navigate(page, 'reports', 'Reports');
    const reportFailures = page.getByTestId('report-load-failed');
    const stockFailures = page.getByTestId('stock-load-failed');
    await expectText(reportFailures.first().locator('p'), 'The report could not be loaded.');
    await expectText(stockFailures.first().locator('p'), 'Stock could not be loaded.');
    // Sales in range, Transaction summary, Inventory by category; Stock alerts and Stock as of.
    expect(await reportFailures.count()).toBe(3);
    expect(await stockFailures.count()).toBe(2);
    await screenshot(page, '81-reports-load-failed', 1280);

    await reportFailures.first().getByRole('button', { name: 'Try again', exact: true }).click();
    await expectHidden(reportFailures.first());
    expect(await reportFailures.count()).toBe(0);
    await expectVisible(page.getByTestId('movement-in'));
    await expectText(page.getByTestId('report-card-sales').getByTestId('report-card-value'), /^₦/);

    await stockFailures.first().getByRole('button', { name: 'Try again', exact: true }).click();
    await expectHidden(stockFailures.first());
    expect(await stockFailures.count()).toBe(0);
    await expectText(page.getByTestId('report-card-stock-value').getByTestId('report-card-value'), /^₦/);
    await context.close();
  });

  it('transactions: the failed list is asked again and its entries show', async () => {
    const { page, context } = await openSignedIn(harness, 375);
    await failNext(page, /\/api\/transactions\/groups\?/);
    await navigate(page, 'transactions', 'Transactions');
    const failure = page.getByTestId('transactions-load-failed');
    await expectText(failure.locator('p'), 'Transactions could not be loaded.');
    await failure.getByRole('button', { name: 'Try again', exact: true }).click();
    await expectHidden(failure);
    await expectVisible(page.getByTestId('transaction-group').filter({ hasText: name }).first());
    await context.close();
  });
});
