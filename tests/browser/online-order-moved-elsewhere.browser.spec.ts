import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { newProduct } from './support/catalogue';
import { expectText, expectToast, expectVisible, openSignedIn } from './support/screen';

/**
 * The Online Orders dialog is open on one screen while the same order is served from another. A
 * move from the stale card is refused (409, with the reason), and the card used to keep its old
 * status and buttons until a reload; the orders are fetched again after a refusal.
 */
describe('an online order moved on another screen', () => {
  const harness = useBrowserApp();

  it.each([1280, 375])('at %i px, a refused move shows the order as it now stands', async (width) => {
    const product = await newProduct(harness, { name: 'Hibiscus Lip Balm', stock: 5, skuPrefix: 'OOM' });
    const placed = await harness.manager.post('/api/online-orders', {
      customerName: `Ngozi Eze ${uniqueSuffix()}`,
      items: [{ productId: product.id, quantity: 1 }],
    });
    expect(placed.status).toBe(201);
    const order = placed.body as { id: string };

    const { page } = await openSignedIn(harness, width);
    await page.getByRole('button', { name: /Open online orders/ }).click();
    const dialog = page.getByTestId('online-orders-dialog');
    const card = dialog.locator(`[data-testid="online-order"][data-order-id="${order.id}"]`);
    await expectVisible(card);
    await expectText(card.getByTestId('order-status-badge'), 'Waiting');

    const served = await harness.manager.request('PATCH', `/api/online-orders/${order.id}/status`, {
      status: 'served',
    });
    expect(served.status).toBe(200);

    await card.locator('[data-testid="order-status-action"][data-status="processing"]').click();
    await expectToast(page, { title: 'Error', description: /^Failed to update order status/, closeWith: 'escape' });
    await expectText(card.getByTestId('order-status-badge'), 'Served');
    await expectText(dialog.getByTestId('pending-orders-badge'), /^\s*\d+ pending\s*$/);
    expect(
      await card
        .getByTestId('order-status-action')
        .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-status'))),
    ).toEqual(['pending']);
  });
});
