import type { Locator, Page } from 'playwright-core';
import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { expectVisible, navigate, openSignedIn, screenshot } from './support/screen';
import { scanAll } from './support/till';

type InvalidField = { id: string; describedBy: string | null; message: string | null; messageVisible: boolean };
type Refusal = { focused: string | null; invalid: InvalidField[] };

/**
 * What a refused submit left: the focused element's id, and each field marked aria-invalid with the
 * text of what its aria-describedby points at (and whether that text is on screen).
 */
async function readRefusal(page: Page, form: Locator, firstInvalidId: string): Promise<Refusal> {
  // The errors render, then the focus moves: wait for the focus (5 s at most, then read anyway).
  await page
    .waitForFunction((id) => (globalThis as any).document.activeElement?.id === id, firstInvalidId, {
      timeout: 5_000,
    })
    .catch(() => undefined);
  const invalid = await form.locator('[aria-invalid="true"]').evaluateAll((elements) =>
    elements.map((element) => {
      const describedBy = element.getAttribute('aria-describedby');
      const messages = (describedBy ?? '')
        .split(/\s+/)
        .filter(Boolean)
        .map((id: string) => (globalThis as any).document.getElementById(id))
        .filter(Boolean);
      return {
        id: element.id,
        describedBy,
        message: messages.map((message: any) => message.textContent.trim()).join(' ') || null,
        messageVisible: messages.length > 0 && messages.every((message: any) => message.checkVisibility()),
      };
    }),
  );
  const focused = await page.evaluate(() => (globalThis as any).document.activeElement?.id || null);
  return { focused, invalid };
}

/** The refusal's text is said once on the page (by its toast), never also copied under the form. */
async function saidOnce(page: Page, text: string): Promise<number> {
  const said = page.getByText(text, { exact: true });
  await said.first().waitFor({ timeout: 5_000 });
  return said.count();
}

/** A field marked invalid whose reason is the toast's: no description of its own. */
const toastExplains = (id: string) => ({ id, describedBy: null, message: null, messageVisible: false });

/** Focuses the submit button and presses Enter, as a keyboard user submits. */
async function submitWithKeyboard(page: Page, submit: Locator): Promise<void> {
  await submit.focus();
  await page.keyboard.press('Enter');
}

/**
 * A submit refused by the form's own checks left the focus on the submit button: a keyboard or
 * screen-reader user heard nothing of what was wrong. The focus now goes to the first invalid field,
 * and each invalid field is aria-invalid: with aria-describedby naming its message on screen where the
 * form shows one, or explained by the refusal's toast alone, whose text is never copied on the page.
 */
describe('a form refused by its own checks', () => {
  const harness = useBrowserApp();

  const sku = `VAL-${uniqueSuffix()}`;

  beforeAll(async () => {
    // Something to choose in the stock dialog (with none, its product choice is disabled) and to sell.
    const created = await harness.manager.post('/api/products', {
      name: `Validation Serum ${uniqueSuffix()}`,
      sku,
      category: 'Skincare Products',
      price: '1500',
      currentStock: 4,
    });
    expect(created.status).toBe(201);
  });

  it.each([1280, 375])('at %i px, sign-in focuses the empty username, both fields explain', async (width) => {
    const { page, context } = await harness.newPage(width);
    await page.goto('/');
    const form = page.getByTestId('sign-in-form');
    await submitWithKeyboard(page, page.getByTestId('sign-in-submit'));
    expect(await readRefusal(page, form, 'username')).toEqual({
      focused: 'username',
      invalid: [
        { id: 'username', describedBy: 'username-error', message: 'Username is required', messageVisible: true },
        { id: 'password', describedBy: 'password-error', message: 'Password is required', messageVisible: true },
      ],
    });
    await screenshot(page, '90-sign-in-refused', width);

    // Only the password missing: the focus goes there.
    await page.locator('#username').fill('manager');
    await submitWithKeyboard(page, page.getByTestId('sign-in-submit'));
    expect(await readRefusal(page, form, 'password')).toEqual({
      focused: 'password',
      invalid: [
        { id: 'password', describedBy: 'password-error', message: 'Password is required', messageVisible: true },
      ],
    });
    await context.close();
  });

  // Not the form's own check but the server's: the fields, disabled while it answered, dropped the focus to <body>.
  it('a wrong password puts the focus back in the password field, selected for retyping', async () => {
    const { page, context } = await harness.newPage(1280);
    await page.goto('/');
    await page.locator('#username').fill('manager');
    await page.locator('#password').fill('not-the-password');
    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('toast').filter({ hasText: 'Invalid username or password' }));
    await page.locator('#password:not([disabled])').waitFor();
    await page
      .waitForFunction(() => (globalThis as any).document.activeElement?.id === 'password', null, { timeout: 5_000 })
      .catch(() => undefined);
    expect(
      await page.evaluate(() => {
        const active = (globalThis as any).document.activeElement;
        return { id: active?.id ?? null, selected: active?.selectionEnd - active?.selectionStart };
      }),
    ).toEqual({ id: 'password', selected: 'not-the-password'.length });
    await context.close();
  });

  it('Record Stock In with nothing chosen focuses the product choice; each invalid field explains', async () => {
    const { page, context } = await openSignedIn(harness, 1280);
    await page.getByTestId('dashboard-stock-in-button').click();
    const dialog = page.getByTestId('stock-dialog');
    await expectVisible(dialog);
    await submitWithKeyboard(page, dialog.getByTestId('stock-submit'));
    const refusal = await readRefusal(page, dialog, 'stock-product');
    expect(refusal.focused).toBe('stock-product');
    expect(refusal.invalid.map(({ id }) => id)).toEqual(expect.arrayContaining(['stock-product', 'stock-unit-price']));
    for (const field of refusal.invalid) {
      expect(field).toEqual({
        id: field.id,
        describedBy: `${field.id}-error`,
        message: expect.any(String),
        messageVisible: true,
      });
    }
    expect(refusal.invalid.find(({ id }) => id === 'stock-unit-price')?.message).toBe('Unit price is required');
    await screenshot(page, '91-stock-in-refused', 1280, { fullPage: false });
    await context.close();
  });

  it('Add New Product with nothing filled in focuses Product Name; each invalid field explains', async () => {
    const { page, context } = await openSignedIn(harness, 1280);
    await page.getByTestId('page-header').getByTestId('add-product-button').click();
    const dialog = page.getByTestId('add-product-dialog');
    await expectVisible(dialog.getByTestId('add-product-form'));
    await submitWithKeyboard(page, dialog.getByTestId('add-product-submit'));
    const refusal = await readRefusal(page, dialog, 'product-name');
    expect(refusal.focused).toBe('product-name');
    expect(refusal.invalid.map(({ id }) => id)).toEqual(expect.arrayContaining(['product-name', 'product-sku']));
    for (const field of refusal.invalid) {
      expect(field).toEqual({
        id: field.id,
        describedBy: `${field.id}-error`,
        message: expect.any(String),
        messageVisible: true,
      });
    }
    await screenshot(page, '92-add-product-refused', 1280, { fullPage: false });
    await context.close();
  });

  it('the stocktake reviewed without notes focuses the notes, which explain', async () => {
    const { page, context } = await openSignedIn(harness, 1280);
    await page.goto('/inventory/stocktake');
    await page.getByTestId('count-input').first().fill('2');
    await submitWithKeyboard(page, page.getByTestId('stocktake-review-button'));
    const notes = page.getByTestId('stocktake-notes');
    const notesId = await notes.getAttribute('id');
    const refusal = await readRefusal(page, page.locator('main'), notesId!);
    expect(refusal).toEqual({
      focused: notesId,
      invalid: [
        {
          id: notesId,
          describedBy: `${notesId}-error`,
          message: 'Notes are required: say why the count differs',
          messageVisible: true,
        },
      ],
    });
    await context.close();
  });

  it.each([1280, 375])('at %i px, Settings add user and change password mark the fields at fault', async (width) => {
    const { page, context } = await openSignedIn(harness, width);
    await navigate(page, 'settings', 'Settings');
    const addUser = page.getByTestId('add-user-form');
    await submitWithKeyboard(page, addUser.getByTestId('add-user-submit'));
    const missing = 'Please fill in all required fields';
    expect(await readRefusal(page, addUser, 'new-user-username')).toEqual({
      focused: 'new-user-username',
      invalid: [toastExplains('new-user-username'), toastExplains('new-user-password')],
    });
    expect(await saidOnce(page, missing)).toBe(1);

    await screenshot(page, '93-add-user-refused', width);
    const managerRow = page.locator('[data-testid="user-row"][data-username="manager"]');
    await managerRow.getByTestId('change-password-button').click();
    const dialog = page.getByTestId('change-password-dialog');
    await expectVisible(dialog);
    await dialog.locator('#current-password').fill('manager-secret-1');
    await submitWithKeyboard(page, dialog.getByTestId('change-password-submit'));
    const allFields = 'Please fill in all password fields';
    expect(await readRefusal(page, dialog, 'new-password')).toEqual({
      focused: 'new-password',
      invalid: [toastExplains('new-password'), toastExplains('confirm-password')],
    });
    expect(await saidOnce(page, allFields)).toBe(1);
    await screenshot(page, '94-change-password-refused', width, { fullPage: false });

    await dialog.locator('#new-password').fill('short');
    await dialog.locator('#confirm-password').fill('short');
    await submitWithKeyboard(page, dialog.getByTestId('change-password-submit'));
    const weak = 'Password must be at least 8 characters long';
    expect(await readRefusal(page, dialog, 'new-password')).toEqual({
      focused: 'new-password',
      invalid: [toastExplains('new-password')],
    });
    expect(await saidOnce(page, weak)).toBe(1);

    await dialog.locator('#new-password').fill('long-enough-1');
    await dialog.locator('#confirm-password').fill('long-enough-2');
    await submitWithKeyboard(page, dialog.getByTestId('change-password-submit'));
    expect(await readRefusal(page, dialog, 'confirm-password')).toEqual({
      focused: 'confirm-password',
      invalid: [toastExplains('confirm-password')],
    });
    expect(await saidOnce(page, "Passwords don't match")).toBe(1);
    await context.close();
  });

  it('the till discount out of range, applied with the Apply button, puts the focus back in the field', async () => {
    const { page, context } = await openSignedIn(harness, 1280);
    await navigate(page, 'sales', 'Sales Till');
    await scanAll(page, [sku]);
    await page.getByTestId('view-cart-button').click();
    const dialog = page.getByTestId('cart-dialog');
    await expectVisible(dialog);
    await dialog.getByTestId('discount-input').fill('150');
    await submitWithKeyboard(page, dialog.getByTestId('apply-discount'));
    expect(await readRefusal(page, dialog, 'cart-discount')).toEqual({
      focused: 'cart-discount',
      invalid: [
        {
          id: 'cart-discount',
          describedBy: 'cart-discount-hint',
          message: 'Between 0% and 100%. Apply 0 or leave empty to remove the discount.',
          messageVisible: true,
        },
      ],
    });
    expect(await saidOnce(page, 'Discount must be between 0% and 100%')).toBe(1);
    await screenshot(page, '95-discount-refused', 1280, { fullPage: false });
    await context.close();
  });
});
