import { useBrowserApp } from './support/browser-app';
import { newProduct } from './support/catalogue';
import { answerConfirm, expectHidden, expectToast, expectVisible, navigate, openSignedIn } from './support/screen';

/**
 * Two people at two screens: one deletes a product, the other (whose list still shows it) presses
 * Delete too. The server's refusal was shown, but the row stayed on screen until a reload, inviting
 * a third try; the list is fetched again after a failed delete as after a successful one.
 */
describe('deleting a product someone else has just deleted', () => {
  const harness = useBrowserApp();

  it.each([1280, 375])('at %i px, says so and drops the row without a reload', async (width) => {
    const product = await newProduct(harness, { name: 'Jasmine Hand Cream', stock: 4, skuPrefix: 'GONE' });
    const { page } = await openSignedIn(harness, width);
    await navigate(page, 'products', 'Products');
    const row = page.locator(`[data-testid="product-row"][data-product-id="${product.id}"]`);
    await expectVisible(row);

    const deleted = await harness.manager.delete(`/api/products/${product.id}`);
    expect(deleted.status).toBeLessThan(300);

    const confirm = answerConfirm(page, true);
    await row.getByTestId('delete-product-button').click();
    await confirm;
    await expectToast(page, { title: 'Error', description: 'This product has been deleted', variant: 'destructive' });
    await expectHidden(row);
  });
});
