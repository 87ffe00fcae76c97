import { useBrowserApp } from './support/browser-app';
import { newProduct, stockOf } from './support/catalogue';
import { totalValueText } from './support/money';
import { expectHidden, expectToast, expectVisible, navigate, openSignedIn } from './support/screen';

/**
 * The stock dialog's Quantity is typed as a cashier types it: clear the 1 with Backspace, then the
 * number. An emptied or non-numeric value becomes 1 at once (spec section 2), and the field once put
 * the caret after that 1, so "Backspace, 5" read 15 and recorded 15 units. The 1 it becomes is now
 * selected, so the next digit replaces it.
 */
describe('stock dialog quantity, typed from the keyboard', () => {
  const harness = useBrowserApp();

  it.each([1280, 375])(
    'at %i px, Backspace then 5 records 5 units; an emptied field becomes 1 at once',
    async (width) => {
      const product = await newProduct(harness, {
        name: 'Cocoa Body Butter',
        stock: 10,
        price: '1200',
        skuPrefix: 'QTY',
      });
      const { page } = await openSignedIn(harness, width);
      await navigate(page, 'inventory', 'Inventory');
      await page.getByTestId('inventory-search').fill(product.sku);
      await page
        .locator(`[data-testid="product-card"][data-sku="${product.sku}"]`)
        .getByRole('button', { name: `Stock In ${product.name}`, exact: true })
        .click();
      const dialog = page.getByTestId('stock-dialog');
      await expectVisible(dialog);
      const quantity = dialog.locator('#stock-quantity');

      // Emptied, it is 1 at once, and stays 1 when the cashier moves on.
      await quantity.click();
      await page.keyboard.press('End');
      await page.keyboard.press('Backspace');
      expect(await quantity.inputValue()).toBe('1');
      await page.keyboard.press('Tab');
      expect(await quantity.inputValue()).toBe('1');

      await quantity.click();
      await page.keyboard.press('End');
      await page.keyboard.press('Backspace');
      await page.keyboard.type('5');
      expect(await quantity.inputValue()).toBe('5');
      expect(await dialog.getByTestId('stock-total-value').inputValue()).toBe(totalValueText(5, '1200'));

      await page.keyboard.press('Enter');
      await expectToast(page, { title: 'Success', description: 'Stock in recorded successfully', variant: 'default' });
      await expectHidden(dialog);
      expect(await stockOf(harness, product.id)).toBe(15);
    },
  );
});
