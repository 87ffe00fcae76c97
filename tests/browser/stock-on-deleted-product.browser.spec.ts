import { useBrowserApp } from './support/browser-app';
import { newProduct } from './support/catalogue';
import { expectHidden, expectToast, expectVisible, navigate, openSignedIn } from './support/screen';

/**
 * Inventory still shows a product that someone else has just deleted; recording stock on it is
 * refused with the server's message. The card used to stay on Inventory until a reload; the
 * products are fetched again after a refused stock movement, so it goes once the dialog is closed.
 */
describe('recording stock on a product deleted elsewhere', () => {
  const harness = useBrowserApp();

  it.each([1280, 375])('at %i px, shows the refusal and drops the card without a reload', async (width) => {
    const product = await newProduct(harness, { name: 'Neem Face Wash', stock: 6, skuPrefix: 'GONE' });
    const { page } = await openSignedIn(harness, width);
    await navigate(page, 'inventory', 'Inventory');
    await page.getByTestId('inventory-search').fill(product.sku);
    const card = page.locator(`[data-testid="product-card"][data-sku="${product.sku}"]`);
    await card.getByRole('button', { name: `Stock In ${product.name}`, exact: true }).click();
    const dialog = page.getByTestId('stock-dialog');
    await expectVisible(dialog);

    const deleted = await harness.manager.delete(`/api/products/${product.id}`);
    expect(deleted.status).toBeLessThan(300);

    await dialog.getByTestId('stock-submit').click();
    await expectToast(page, {
      title: 'Error',
      description: 'This product has been deleted',
      variant: 'destructive',
      closeWith: 'escape',
    });
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await expectHidden(dialog);
    await expectHidden(card);
  });
});
