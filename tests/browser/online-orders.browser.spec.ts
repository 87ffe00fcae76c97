import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { newProduct, stockOf } from './support/catalogue';
import {
  expectHidden,
  expectText,
  expectToast,
  expectVisible,
  navigate,
  openSignedIn,
  screenshot,
} from './support/screen';

/**
 * Issue 4 "Must show": the Online Orders dialog on the Dashboard (oldest first, the legal status
 * moves, stock taken when served, a refusal that changes nothing) and the served order's receipt,
 * through the real gateway, a real database and Chromium.
 */
const WIDTH = 1280;
const NARROW = 375;

describe('online orders: the dashboard dialog and the served order on Transactions', () => {
  const harness = useBrowserApp();

  const managerPage = (width = WIDTH) => openSignedIn(harness, width);

  const createProduct = (name: string, stock: number, price?: string) =>
    newProduct(harness, { name, stock, price, skuPrefix: 'OO' });
  const stockNow = (id: string) => stockOf(harness, id);

  it('lists online orders oldest first and moves one Waiting → Processing → Served; too little stock changes nothing', async () => {
    const plenty = await createProduct('Argan Hair Oil', 10, '4500');
    const scarce = await createProduct('Rose Perfume', 1, '12000');
    const placeOrder = async (body: Record<string, unknown>) => {
      const response = await harness.manager.post('/api/online-orders', body);
      expect(response.status).toBe(201);
      return response.body as { id: string; orderNumber: string; status: string };
    };
    const customer = {
      customerName: `Adaeze Okafor ${uniqueSuffix()}`,
      customerEmail: 'adaeze@example.com',
      customerPhone: '+2348031112222',
      customerAddress: '7 Allen Avenue',
      customerCity: 'Ikeja',
      customerPostalCode: '100271',
      customerCountry: 'Nigeria',
    };
    const first = await placeOrder({
      ...customer,
      items: [{ productId: plenty.id, quantity: 2 }],
      notes: 'Please call on arrival',
    });
    const second = await placeOrder({
      customerName: `Tunde Bello ${uniqueSuffix()}`,
      items: [{ productId: scarce.id, quantity: 3 }],
    });
    const metricsBefore = (await harness.manager.get('/api/dashboard/metrics')).body;
    expect(metricsBefore.pendingOnlineOrders).toBe(2);

    const { page } = await managerPage();
    const incoming = page.getByTestId('quick-tile-incoming-orders');
    await expectText(incoming.getByTestId('tile-value'), '2');
    await expectText(page.getByTestId('notification-badge'), String(metricsBefore.lowStockItems + 2));
    await incoming.click();
    const dialog = page.getByTestId('online-orders-dialog');
    await expectVisible(dialog);
    await expectText(dialog.getByTestId('pending-orders-badge'), '2 pending');
    const orders = dialog.getByTestId('online-order');
    await expectVisible(orders.nth(1));
    expect(await orders.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-order-id')))).toEqual([
      first.id,
      second.id,
    ]);

    const card = dialog.locator(`[data-testid="online-order"][data-order-id="${first.id}"]`);
    expect(await card.getAttribute('data-order-number')).toBe(first.orderNumber);
    expect(await card.getAttribute('data-status')).toBe('pending');
    await expectText(card.getByTestId('order-number'), first.orderNumber);
    await expectText(card.getByTestId('order-status-badge'), 'Waiting');
    await expectText(card.getByTestId('order-customer-name'), customer.customerName);
    await expectText(card.getByTestId('order-customer-email'), customer.customerEmail);
    await expectText(card.getByTestId('order-customer-phone'), customer.customerPhone);
    const address = await card.getByTestId('order-address').innerText();
    for (const part of ['7 Allen Avenue', 'Ikeja', '100271', 'Nigeria']) expect(address).toContain(part);
    const item = card.getByTestId('order-item');
    expect(await item.getAttribute('data-product-id')).toBe(plenty.id);
    const itemText = await item.innerText();
    expect(itemText).toContain(plenty.name);
    expect(itemText).toContain(`(${plenty.id.slice(-8)})`);
    await expectText(item.getByTestId('order-item-quantity'), '2');
    await expectText(item.getByTestId('order-item-price'), /4,500\.00/);
    await expectText(card.getByTestId('order-total'), /9,000\.00/);
    await expectText(card.getByTestId('order-notes'), /Please call on arrival/);
    // Only the legal moves from pending.
    const actions = () =>
      card
        .getByTestId('order-status-action')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-status')));
    expect((await actions()).sort()).toEqual(['processing', 'served']);
    await screenshot(page, '43-online-orders-dialog', WIDTH, { fullPage: false });

    await card.locator('[data-testid="order-status-action"][data-status="processing"]').click();
    await expectToast(page, {
      title: 'Order Updated',
      description: 'Order marked as processing',
      variant: 'default',
      closeWith: 'escape',
    });
    await expectText(card.getByTestId('order-status-badge'), 'Processing');
    expect(await card.getAttribute('data-status')).toBe('processing');
    await expectText(dialog.getByTestId('pending-orders-badge'), '1 pending');
    expect((await actions()).sort()).toEqual(['pending', 'served']);
    expect(await stockNow(plenty.id)).toBe(10);

    await card.locator('[data-testid="order-status-action"][data-status="served"]').click();
    await expectToast(page, {
      title: 'Order Updated',
      description: 'Order marked as served',
      variant: 'default',
      closeWith: 'escape',
    });
    await expectText(card.getByTestId('order-status-badge'), 'Served');
    expect(await actions()).toEqual(['pending']);
    expect(await stockNow(plenty.id)).toBe(8);

    // Serving with too little stock: the server's reason, and nothing changes.
    const scarceCard = dialog.locator(`[data-testid="online-order"][data-order-id="${second.id}"]`);
    await scarceCard.locator('[data-testid="order-status-action"][data-status="served"]').click();
    await expectToast(page, {
      title: 'Insufficient stock',
      description: `Failed to update order status: Only 1 units available for ${scarce.name}`,
      variant: 'destructive',
      closeWith: 'escape',
    });
    await expectText(scarceCard.getByTestId('order-status-badge'), 'Waiting');
    expect(await scarceCard.getAttribute('data-status')).toBe('pending');
    await expectText(dialog.getByTestId('pending-orders-badge'), '1 pending');
    expect(await stockNow(scarce.id)).toBe(1);
    const unchanged = (await harness.manager.get('/api/online-orders')).body.find(
      (order: { id: string }) => order.id === second.id,
    );
    expect(unchanged.status).toBe('pending');

    await page.keyboard.press('Escape');
    await expectHidden(dialog);
    const metricsAfter = (await harness.manager.get('/api/dashboard/metrics')).body;
    expect(metricsAfter.pendingOnlineOrders).toBe(1);
    expect(metricsAfter.todaysServedOnlineOrders).toBe(1);
    await expectText(incoming.getByTestId('tile-value'), '1');
    await expectText(page.getByTestId('quick-tile-served-orders').getByTestId('tile-value'), '1');
    await expectText(page.getByTestId('notification-badge'), String(metricsAfter.lowStockItems + 1));

    // The served order's lines print as a receipt from Transactions without asking for a till sale
    // that was never recorded (no failed request).
    const failed: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    await navigate(page, 'transactions', 'Transactions');
    const orderGroup = page.locator(`[data-testid="transaction-group"][data-sale-id="${first.orderNumber}"]`);
    await expectVisible(orderGroup);
    const [popup] = await Promise.all([page.waitForEvent('popup'), orderGroup.getByTestId('print-receipt').click()]);
    await expectText(popup.getByTestId('receipt-sale-id'), first.orderNumber);
    expect(await popup.getByTestId('receipt-line').count()).toBe(1);
    await popup.close();
    expect(failed).toEqual([]);

    // The dialog at phone width.
    const { page: narrow } = await managerPage(NARROW);
    await narrow.getByTestId('quick-tile-incoming-orders').click();
    const narrowDialog = narrow.getByTestId('online-orders-dialog');
    await expectVisible(narrowDialog.getByTestId('online-order').first());
    await screenshot(narrow, '44-online-orders-dialog', NARROW, { fullPage: false });
    const dialogBox = await narrowDialog.boundingBox();
    expect(dialogBox!.x).toBeGreaterThanOrEqual(0);
    expect(dialogBox!.x + dialogBox!.width).toBeLessThanOrEqual(NARROW);
  });
  it('an order served, moved back to pending and served again prints the second serve as its receipt; one only moved back prints none', async () => {
    const cream = await createProduct('Shea Body Cream', 10, '3000');
    const soap = await createProduct('Black Soap Bar', 10, '750.50');
    const place = async () => {
      const response = await harness.manager.post('/api/online-orders', {
        customerName: `Ngozi Eze ${uniqueSuffix()}`,
        items: [
          { productId: cream.id, quantity: 2 },
          { productId: soap.id, quantity: 1 },
        ],
      });
      expect(response.status).toBe(201);
      return response.body as { id: string; orderNumber: string };
    };
    const move = async (id: string, status: string) =>
      expect((await harness.manager.request('PATCH', `/api/online-orders/${id}/status`, { status })).status).toBe(200);
    const again = await place();
    await move(again.id, 'served');
    await move(again.id, 'pending');
    await move(again.id, 'served');
    const undone = await place();
    await move(undone.id, 'served');
    await move(undone.id, 'pending');
    expect(await stockNow(cream.id)).toBe(8);

    const { page } = await managerPage();
    await navigate(page, 'transactions', 'Transactions');
    const againGroup = page.locator(`[data-testid="transaction-group"][data-sale-id="${again.orderNumber}"]`);
    const undoneGroup = page.locator(`[data-testid="transaction-group"][data-sale-id="${undone.orderNumber}"]`);
    await expectVisible(againGroup);
    await expectVisible(undoneGroup);
    expect(await undoneGroup.getByTestId('print-receipt').count()).toBe(0);
    const [popup] = await Promise.all([page.waitForEvent('popup'), againGroup.getByTestId('print-receipt').click()]);
    await expectText(popup.getByTestId('receipt-sale-id'), again.orderNumber);
    expect(await popup.getByTestId('receipt-line').count()).toBe(2);
    expect(await popup.getByTestId('receipt-line-reversed').count()).toBe(0);
    expect(await popup.getByTestId('receipt-reversed').count()).toBe(0);
    await expectText(popup.getByTestId('receipt-total'), /6,750\.50/);
    await popup.close();
  });
});
