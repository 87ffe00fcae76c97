import { MANAGER, uniqueSuffix, useBrowserApp } from './support/browser-app';
import { receiveStock } from './support/catalogue';
import { expectVisible, navigate, signIn } from './support/screen';

/**
 * The dashboard's Recent Transactions shows the 4 newest movements (spec section 3) and asks the
 * server for those 4 only: before, it downloaded the shop's every movement to show four.
 */
describe('Recent Transactions on the dashboard', () => {
  const harness = useBrowserApp();

  it.each([1280, 375])('at %i px, lists the 4 newest movements, asked for with ?limit=4', async (width) => {
    const suffix = uniqueSuffix();
    const product = await harness.manager.post('/api/products', {
      name: `Recent Oil ${suffix}`,
      sku: `RECENT-${suffix}`,
      category: 'Skincare Products',
      price: '2500.00',
      currentStock: 50,
    });
    expect(product.status).toBe(201);
    const ids: string[] = [];
    for (let index = 0; index < 6; index++) {
      ids.push(
        await receiveStock(harness, product.body.id, {
          quantity: index + 1,
          unitPrice: '2500.00',
          costPrice: '1800.00',
        }),
      );
    }

    const { page } = await harness.newPage(width);
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/transactions' && request.method() === 'GET') asked.push(url.search);
    });
    await page.goto('/');
    await signIn(page, MANAGER.username, MANAGER.password);
    await navigate(page, 'dashboard', 'Dashboard');
    const items = page.getByTestId('recent-transaction');
    await expectVisible(items.first());
    const shown = await items.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-transaction-id')));
    expect(shown).toEqual(ids.slice(-4).reverse());
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((search) => search === '?limit=4')).toBe(true);
  });
});
