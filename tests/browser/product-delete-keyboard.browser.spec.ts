import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { answerConfirm, expectHidden, expectVisible, navigate, openSignedIn } from './support/screen';

/**
 * Deleting products one after another from the keyboard: the focus was on the deleted row's button,
 * which went with the row, so it fell to <body> and the next Tab started at the top of the page.
 * It now moves to the Delete button of the row that took its place (or the last row, or the search box).
 */
describe('deleting products from the keyboard', () => {
  const harness = useBrowserApp();

  it.each([1280, 375])('at %i px, the focus goes to the next row after a delete', async (width) => {
    const tag = `KBD${uniqueSuffix()}`;
    const ids: string[] = [];
    for (const letter of ['A', 'B']) {
      const created = await harness.manager.post('/api/products', {
        name: `Keyboard ${letter} ${tag}`,
        sku: `${tag}-${letter}`,
        category: 'Nail Care',
        price: '800',
        currentStock: 1,
      });
      expect(created.status).toBe(201);
      ids.push((created.body as { id: string }).id);
    }
    const { page } = await openSignedIn(harness, width);
    await navigate(page, 'products', 'Products');
    await page.getByTestId('products-search').fill(tag);
    const row = (id: string) => page.locator(`[data-testid="product-row"][data-product-id="${id}"]`);
    await expectVisible(row(ids[1]!));
    const [first, second] = ids.map((id) => row(id).getByTestId('delete-product-button'));

    /** The focused element's aria-label or data-testid, once it is `expected` (or after 5 s, whatever it is). */
    const focusSettlesOn = async (attribute: 'aria-label' | 'data-testid', expected: string | null) => {
      const read = (name: string) => (globalThis as any).document.activeElement?.getAttribute(name) ?? null;
      await page
        .waitForFunction(
          ([name, value]) => ((globalThis as any).document.activeElement?.getAttribute(name!) ?? null) === value,
          [attribute, expected] as const,
          { timeout: 5_000 },
        )
        .catch(() => undefined);
      return page.evaluate(read, attribute);
    };

    let confirm = answerConfirm(page, true);
    await first!.focus();
    await page.keyboard.press('Enter');
    await confirm;
    await expectHidden(row(ids[0]!));
    const nextLabel = await second!.getAttribute('aria-label');
    expect(await focusSettlesOn('aria-label', nextLabel)).toBe(nextLabel);

    // The last one: the focus goes to the search box, still on screen.
    confirm = answerConfirm(page, true);
    await page.keyboard.press('Enter');
    await confirm;
    await expectHidden(row(ids[1]!));
    expect(await focusSettlesOn('data-testid', 'products-search')).toBe('products-search');
  });
});
