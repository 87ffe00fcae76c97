import type { Page } from 'playwright-core';
import { MANAGER, uniqueSuffix, useBrowserApp } from './support/browser-app';
import { formatKobo, toKobo } from './support/money';
import { expectNoSeriousA11yViolations } from './support/axe';
import { appendPastSale } from './support/past-sale';
import { expectHidden, expectText, expectVisible, navigate, screenshot, signIn } from './support/screen';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Africa/Lagos is UTC+01:00 all year. */
const lagosDay = (time: number) => new Date(time + 60 * 60 * 1000).toISOString().slice(0, 10);

/**
 * Issue 11, point 4: a sale made yesterday, reversed today. The report of the period as known at the
 * end of yesterday still shows the sale; today's corrected figures do not; the page marks the changed
 * figures and names the reversal (what, when it was recorded, by whom, why) that changed them. Times
 * read in Africa/Lagos even in a browser set to another zone.
 */
describe('reports as known at a past date, beside today', () => {
  const harness = useBrowserApp();
  const suffix = uniqueSuffix();
  const product = {
    name: `Known Toner ${suffix}`,
    sku: `KNOWN-${suffix}`,
    category: 'Skincare Products' as const,
    price: '1250.50',
    costPrice: '900.00',
    openingStock: 10,
  };
  const quantity = 3;
  const notes = `Keyed on the wrong product ${suffix}`;
  const saleTotal = toKobo(product.price) * quantity;
  // Yesterday at 12:00 in Lagos (11:00 UTC): 03:00 or 04:00 in Los Angeles, so a browser-zone time would show.
  const yesterday = lagosDay(Date.now() - DAY_MS);
  const today = lagosDay(Date.now());
  const saleAt = new Date(`${yesterday}T12:00:00.000+01:00`);

  beforeAll(async () => {
    const sale = await appendPastSale(harness, saleAt, product, { quantity, sellerName: MANAGER.username });
    const reversal = await harness.manager.post(`/api/transactions/${sale.movementId}/reverse`, { notes });
    expect(reversal.status).toBe(201);
  });

  const openReports = async (width: number, timezoneId: string): Promise<Page> => {
    // A context of its own: the harness's pages are all in Lagos, this one is where the browser says.
    const context = await harness.browser.newContext({
      baseURL: harness.baseUrl,
      viewport: { width, height: width < 768 ? 812 : 900 },
      deviceScaleFactor: 1,
      locale: 'en-NG',
      timezoneId,
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`[browser pageerror] ${error.message}`));
    await page.goto('/');
    await signIn(page, MANAGER.username, MANAGER.password);
    await navigate(page, 'reports', 'Reports');
    await page.getByTestId('report-range-from').fill(yesterday);
    await page.getByTestId('report-range-to').fill(today);
    return page;
  };

  describe.each([
    [1280, 'America/Los_Angeles'],
    [375, 'Africa/Lagos'],
  ])('at %i px in a browser set to %s', (width, timezoneId) => {
    it('shows the sale as known at yesterday, not today, and explains the difference', async () => {
      const page = await openReports(width, timezoneId);
      const salesCard = page.getByTestId('report-card-sales').getByTestId('report-card-value');
      // Today's corrected figures: the reversal took the sale off its own day.
      await expectText(salesCard, formatKobo(0));
      await expectVisible(page.getByTestId('report-known-at'));
      expect(await page.getByTestId('known-at-comparison').count()).toBe(0);

      await page.getByTestId('report-known-at').fill(yesterday);
      const comparison = page.getByTestId('known-at-comparison');
      await expectVisible(comparison);
      const row = (key: string) => comparison.locator(`[data-testid="known-at-row"][data-key="${key}"]`);
      const column = (key: string, name: string) => row(key).locator(`td[data-column="${name}"]`);

      await expectText(column('total-sales', 'known'), formatKobo(saleTotal));
      await expectText(column('total-sales', 'today'), formatKobo(0));
      await expectText(column('total-sales', 'change'), `−${formatKobo(saleTotal)}`);
      expect(await row('total-sales').getAttribute('data-changed')).toBe('true');
      await expectText(column('units-sold', 'known'), String(quantity));
      await expectText(column('units-sold', 'today'), '0');
      await expectText(column('units-sold', 'change'), `−${quantity}`);
      const profit = (toKobo(product.price) - toKobo(product.costPrice)) * quantity;
      await expectText(column('profit', 'change'), `−${formatKobo(profit)}`);
      await expectText(column('reversed-lines', 'today'), '1');
      // A figure the reversal did not touch is not marked.
      expect(await row('discounts').getAttribute('data-changed')).toBe('false');
      await expectText(column('discounts', 'change'), '—');
      await expectText(page.getByTestId('known-at-summary'), /figures differ from those known at the end of/);

      // The explanation: the reversal recorded today of yesterday's sale, by whom and why.
      const change = comparison.locator(
        `[data-testid="later-change"][data-kind="reversal"][data-sku="${product.sku}"]`,
      );
      await expectText(change.getByTestId('later-change-what'), new RegExp(`Reversal of a sale: ${product.name}`));
      await expectText(change.getByTestId('later-change-amount'), `+${quantity} · ${formatKobo(saleTotal)}`);
      await expectText(change.getByTestId('later-change-notes'), `Reason: ${notes}`);
      // "Of the sale of <yesterday, 12:00 Lagos>; recorded <today> by manager", whatever the browser's zone.
      const [year, month, day] = yesterday.split('-').map(Number) as [number, number, number];
      const monthName = new Date(Date.UTC(year, month - 1, 15)).toLocaleString('en', { month: 'short' });
      await expectText(
        change.getByTestId('later-change-when'),
        new RegExp(`^Of the sale of ${day} ${monthName} ${year}, 12:00; recorded .+ by ${MANAGER.username}`),
      );

      await comparison.scrollIntoViewIfNeeded();
      await screenshot(page, '70-reports-known-at', width);
      await expectNoSeriousA11yViolations(page, `/reports as known at yesterday at ${width}px`);

      // Known at today: the same figures as today's, nothing recorded since.
      await page.getByTestId('report-known-at').fill(today);
      await expectText(page.getByTestId('known-at-summary'), /^Today's figures are the same as those known at/);
      await expectVisible(page.getByTestId('later-changes-none'));
      await page.context().close();
    });
  });

  it('refuses a range that ends before it starts and a day still to come, with no figures and no export', async () => {
    const page = await openReports(1280, 'Africa/Lagos');
    const tomorrow = lagosDay(Date.now() + DAY_MS);
    const exportTransactions = page.getByRole('button', { name: 'Export Transactions', exact: true });
    expect(await exportTransactions.isEnabled()).toBe(true);

    await page.getByTestId('report-range-from').fill(today);
    await page.getByTestId('report-range-to').fill(yesterday);
    await expectText(
      page.getByRole('alert').filter({ hasText: 'start date' }),
      'The start date must be on or before the end date.',
    );
    await expectVisible(page.getByTestId('report-range-invalid').first());
    // The same render that shows the error disables the export.
    expect(await exportTransactions.isDisabled()).toBe(true);
    expect(await exportTransactions.getAttribute('aria-describedby')).toBe('report-range-error');
    await page.getByTestId('report-range-from').fill(yesterday);
    await expectHidden(page.getByTestId('report-range-error'));
    expect(await exportTransactions.isEnabled()).toBe(true);

    await page.getByTestId('report-known-at').fill(tomorrow);
    await expectText(
      page.getByTestId('report-known-at-error'),
      'Figures as known at a future day are not known yet: choose today or an earlier day.',
    );
    expect(await page.getByRole('alert').filter({ hasText: 'future day' }).count()).toBe(1);
    expect(await page.getByTestId('report-known-at').getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('known-at-comparison').count()).toBe(0);
    await screenshot(page, '71-reports-input-errors', 1280);
    await expectNoSeriousA11yViolations(page, '/reports with a bad range and a future "as known at" day');

    await page.getByTestId('report-known-at').fill(yesterday);
    await expectVisible(page.getByTestId('known-at-comparison'));
    expect(await page.getByTestId('report-known-at-error').count()).toBe(0);
    await page.context().close();
  });
});
