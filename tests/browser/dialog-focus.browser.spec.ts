import type { Locator, Page } from 'playwright-core';
import { MANAGER, uniqueSuffix, useBrowserApp } from './support/browser-app';
import { newProduct } from './support/catalogue';
import { expectHidden, expectToast, expectVisible, navigate, openSignedIn } from './support/screen';

/** Whether the element behind `locator` gets the keyboard focus (Radix moves it a task after closing). */
async function getsFocus(page: Page, locator: Locator, timeout = 2_000): Promise<boolean> {
  const element = await locator.elementHandle();
  return page
    .waitForFunction((target) => target?.ownerDocument.activeElement === target, element, { timeout })
    .then(
      () => true,
      () => false,
    );
}

/** Opens a dialog from `opener` with the keyboard, closes it with Escape, and says where focus went. */
async function openAndEscape(page: Page, opener: Locator, dialog: Locator): Promise<boolean> {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expectVisible(dialog);
  await page.keyboard.press('Escape');
  await expectHidden(dialog);
  return getsFocus(page, opener);
}

/**
 * Keyboard use: a dialog opened from a button gives the focus back to that button when it closes,
 * not to the top of the page (Radix restores focus only to its own Dialog.Trigger, which these
 * dialogs, opened from state, do not use).
 */
describe('focus returns to the button that opened a dialog', () => {
  const harness = useBrowserApp();

  it('at 1280 px: the dashboard stock-in and online orders dialogs, and Record Stock Out on Inventory', async () => {
    // Made before signing in: the web app's product list is never stale, so it would not refetch it.
    await harness.manager.post('/api/products', {
      name: 'Focus Toner',
      sku: 'FOCUS-1',
      category: 'Skincare Products',
      price: '1200.00',
      currentStock: 4,
      minStockLevel: 1,
    });
    const { context, page } = await openSignedIn(harness, 1280);
    const header = page.getByTestId('page-header');
    const stockDialog = page.getByTestId('stock-dialog');
    expect(await openAndEscape(page, header.getByRole('button', { name: 'Stock In', exact: true }), stockDialog)).toBe(
      true,
    );
    expect(
      await openAndEscape(
        page,
        page.getByRole('button', { name: /^Incoming Online Orders/ }),
        page.getByTestId('online-orders-dialog'),
      ),
    ).toBe(true);

    await navigate(page, 'inventory', 'Inventory');
    const card = page.locator('[data-testid="product-card"][data-sku="FOCUS-1"]');
    expect(await openAndEscape(page, card.getByRole('button', { name: /Stock Out/ }), stockDialog)).toBe(true);
    await context.close();
  });

  it('at 375 px: the navigation menu gives the focus back to the menu button', async () => {
    const { context, page } = await openSignedIn(harness, 375);
    const menuButton = page.getByTestId('mobile-menu-button');
    expect(await openAndEscape(page, menuButton, page.getByTestId('mobile-sidebar'))).toBe(true);

    await menuButton.click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expectHidden(page.getByTestId('mobile-sidebar'));
    expect(await getsFocus(page, menuButton)).toBe(true);
    await context.close();
  });

  it('the first opening of Add New Product puts the focus in Product Name once the form has loaded', async () => {
    const { context, page } = await openSignedIn(harness, 1280);
    const opener = page.getByTestId('page-header').getByTestId('add-product-button');
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByTestId('add-product-dialog');
    // The form (and its uploader) loads on the first opening; the focus follows it in.
    expect(await getsFocus(page, dialog.locator('#product-name'), 10_000)).toBe(true);
    await page.keyboard.press('Escape');
    await expectHidden(dialog);
    expect(await getsFocus(page, opener)).toBe(true);
    await context.close();
  });

  // Two dialogs in a row: the password gate hands over to the edit dialog, whose closing once left the
  // focus on <body> (its opener was the gate, gone by then).
  it.each([1280, 375])(
    'at %i px: Settings contact edit gives the focus back to the pencil button (Escape, Cancel, Save)',
    async (width) => {
      if (width === 1280) {
        const seeded = await harness.manager.put('/api/contact-info', {
          email: 'focus@glow.example',
          phone: '+2348012345678',
          whatsapp: '+2348012345679',
          address: '12 Admiralty Way, Lekki, Lagos',
          password: MANAGER.password,
        });
        expect(seeded.status).toBe(200);
      }
      const { context, page } = await openSignedIn(harness, width);
      await navigate(page, 'settings', 'Settings');
      const pencil = page.locator('[data-testid="contact-field"][data-field="phone"]').getByTestId('edit-contact');
      const gate = page.getByTestId('password-gate-dialog');
      const edit = page.getByTestId('contact-edit-dialog');

      // Escape on the gate itself.
      expect(await openAndEscape(page, pencil, gate)).toBe(true);

      /** Pencil (keyboard) → gate → verified → the edit dialog, with the focus in its field. */
      const openEdit = async () => {
        await pencil.focus();
        await page.keyboard.press('Enter');
        await expectVisible(gate);
        expect(await getsFocus(page, gate.locator('#gate-password'))).toBe(true);
        await page.keyboard.type(MANAGER.password);
        await page.keyboard.press('Enter');
        await expectVisible(edit);
        await expectHidden(gate);
        expect(await getsFocus(page, edit.locator('#contact-phone'))).toBe(true);
      };

      await openEdit();
      await page.keyboard.press('Escape');
      await expectHidden(edit);
      expect(await getsFocus(page, pencil)).toBe(true);

      await openEdit();
      await edit.getByRole('button', { name: 'Cancel' }).click();
      await expectHidden(edit);
      expect(await getsFocus(page, pencil)).toBe(true);

      await openEdit();
      await edit.locator('#contact-phone').fill(width === 1280 ? '+2348011111111' : '+2348022222222');
      await page.keyboard.press('Enter');
      await expectHidden(edit);
      expect(await getsFocus(page, pencil)).toBe(true);
      // Checked before closing the toast: clicking its close button moves the focus, as any click would.
      await expectToast(page, {
        title: 'Contact information updated',
        description: "The shop's contact details were saved.",
        variant: 'default',
      });
      await context.close();
    },
  );

  // The pressed button goes (a processing order offers other moves) and was disabled while the move
  // was sent: the focus fell to the dialog itself, so the next Tab started again at the first order.
  it.each([1280, 375])(
    'at %i px: after a status move in Online Orders the focus stays on that order’s status buttons',
    async (width) => {
      const product = await newProduct(harness, { name: 'Focus Shea Soap', stock: 9, skuPrefix: 'FOCUS' });
      const orderIds: string[] = [];
      for (const name of ['Bisi', 'Kemi']) {
        const placed = await harness.manager.post('/api/online-orders', {
          customerName: `${name} ${uniqueSuffix()}`,
          items: [{ productId: product.id, quantity: 1 }],
        });
        expect(placed.status).toBe(201);
        orderIds.push((placed.body as { id: string }).id);
      }
      const { context, page } = await openSignedIn(harness, width);
      await page.getByRole('button', { name: /^Incoming Online Orders/ }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByTestId('online-orders-dialog');
      const card = dialog.locator(`[data-testid="online-order"][data-order-id="${orderIds[1]}"]`);
      const buttons = card.getByTestId('order-status-action');
      await expectVisible(buttons.first());

      await card.locator('[data-testid="order-status-action"][data-status="processing"]').focus();
      await page.keyboard.press('Enter');
      await expectVisible(card.locator('[data-testid="order-status-action"][data-status="pending"]'));
      expect(await getsFocus(page, buttons.first())).toBe(true);

      await page.keyboard.press('Tab');
      expect(await getsFocus(page, card.locator('[data-testid="order-status-action"][data-status="served"]'))).toBe(
        true,
      );
      await context.close();
    },
  );
});
