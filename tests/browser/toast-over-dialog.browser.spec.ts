import type { Locator, Page } from 'playwright-core';
import { useBrowserApp } from './support/browser-app';
import { MOBILE_BREAKPOINT, expectHidden, expectVisible, navigate, openSignedIn, screenshot } from './support/screen';

type Box = { x: number; y: number; width: number; height: number };

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

/** The whole button on screen, not just its box: a fixed overlay over it would take the click. */
async function topmostAtCentre(page: Page, locator: Locator): Promise<boolean> {
  const box = await boxOf(locator);
  const element = await locator.elementHandle();
  return page.evaluate(
    ({ target, x, y }) => {
      const hit = (globalThis as any).document.elementFromPoint(x, y);
      return hit !== null && (target === hit || target?.contains(hit));
    },
    { target: element, x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
}

/**
 * A refused stock out leaves its dialog open with an error toast: the toast must not sit on the
 * dialog's submit button, so the user can correct the quantity and try again without closing it.
 * Spec section 9: toasts at the top on small screens, bottom right on wider ones.
 */
describe('an error toast does not cover the open dialog’s main button', () => {
  const harness = useBrowserApp();

  it.each([1280, 1024, 700, 375])('at %i px: a refused Record Stock Out', async (width) => {
    const sku = `TOAST-${width}`;
    const created = await harness.manager.post('/api/products', {
      name: `Toast Serum ${width}`,
      sku,
      category: 'Skincare Products',
      price: '1500.00',
      currentStock: 1,
      minStockLevel: 1,
    });
    expect(created.status).toBe(201);
    const { context, page } = await openSignedIn(harness, width);
    if (width === 1024) await page.setViewportSize({ width, height: 768 });
    await navigate(page, 'inventory', 'Inventory');
    await page
      .locator(`[data-testid="product-card"][data-sku="${sku}"]`)
      .getByRole('button', { name: /Stock Out/ })
      .click();
    const dialog = page.getByTestId('stock-dialog');
    await expectVisible(dialog);
    await dialog.locator('#stock-quantity').fill('5');
    const submit = dialog.getByTestId('stock-submit');
    await submit.click();

    const toast = page.getByTestId('toast').filter({ hasText: 'Error' }).first();
    await expectVisible(toast);
    await screenshot(page, `toast-over-stock-dialog`, width, { fullPage: false });
    await expectVisible(dialog);
    const toastBox = await boxOf(toast);
    const submitBox = await boxOf(submit);
    expect({ toast: toastBox, submit: submitBox, intersects: intersects(toastBox, submitBox) }).toMatchObject({
      intersects: false,
    });
    expect(await topmostAtCentre(page, submit)).toBe(true);
    // Still where section 9 puts it: the top below 768 px, the right-hand side above.
    if (width < MOBILE_BREAKPOINT) expect(toastBox.y).toBeLessThanOrEqual(16);
    else expect(toastBox.x + toastBox.width).toBeGreaterThanOrEqual(width - 16);

    // Retry with the toast still up: one unit is in stock.
    await dialog.locator('#stock-quantity').fill('1');
    await submit.click();
    await expectHidden(dialog);
    const product = (await harness.manager.get('/api/products')).body.find((item: { sku: string }) => item.sku === sku);
    expect(product.currentStock).toBe(0);
    await context.close();
  });
});
