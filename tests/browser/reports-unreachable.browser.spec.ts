import { useBrowserApp } from './support/browser-app';
import { expectText, expectVisible, navigate, openSignedIn } from './support/screen';

/**
 * The Reports page while its figures cannot be fetched (the network drops the calls in the real
 * browser): the summary cards say there is no figure (a dash) beside the sections' "could not be
 * loaded", rather than showing the loading ellipsis for ever as if an answer were still coming.
 */
describe('reports whose figures cannot be loaded', () => {
  const harness = useBrowserApp();

  it('shows a dash, not the loading ellipsis, in every summary card', async () => {
    const { page, context } = await openSignedIn(harness, 375);
    await context.route(/\/api\/(reports\/summary|inventory)(\?|$)/, (route) => route.abort('internetdisconnected'));
    await navigate(page, 'reports', 'Reports');
    await expectVisible(page.getByText('The report could not be loaded.').first());
    await expectVisible(page.getByText('Stock could not be loaded.').first());
    for (const card of ['total-products', 'stock-value', 'low-stock', 'sales', 'units', 'profit']) {
      await expectText(page.getByTestId(`report-card-${card}`).getByTestId('report-card-value'), '—');
    }
    await context.close();
  });
});
