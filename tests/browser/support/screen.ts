import { join } from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { MANAGER, SCREENSHOT_DIR, type BrowserApp } from './browser-app';

/** Below this width the sidebar collapses behind the menu button (spec section 9). */
export const MOBILE_BREAKPOINT = 768;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A pattern for the whole (whitespace-trimmed) text of an element. */
export const whole = (text: string) => new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`);

/**
 * Waits until the (single) element behind `locator` reads `expected` exactly (or matches the
 * pattern); on timeout, fails with what it did read. Playwright's auto-waiting, no sleeps.
 */
export async function expectText(locator: Locator, expected: string | RegExp, timeout = 15_000): Promise<void> {
  const pattern = typeof expected === 'string' ? whole(expected) : expected;
  try {
    await locator.filter({ hasText: pattern }).first().waitFor({ state: 'visible', timeout });
  } catch {
    const actual = await locator.allInnerTexts().catch((error: Error) => [`<${error.message}>`]);
    throw new Error(`expected ${locator} to read ${String(expected)}; it reads ${JSON.stringify(actual)}`);
  }
}

/** Waits for an element to appear; fails naming it. */
export async function expectVisible(locator: Locator, timeout = 15_000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

export async function expectHidden(locator: Locator, timeout = 15_000): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

type ToastExpectation = {
  title: string;
  description?: string | RegExp;
  variant?: 'default' | 'destructive';
  /**
   * How to close it: its close button, or Escape while a dialog is open (Radix blocks pointer events
   * outside the dialog; Escape closes the toast first and leaves the dialog open).
   */
  closeWith?: 'button' | 'escape';
};

/**
 * Waits for the toast with this title (and description), checks its variant, then closes it so the
 * next toast or screenshot starts clean. Text is looked up inside the toast: Radix repeats it in a
 * hidden live region.
 */
export async function expectToast(
  page: Page,
  { title, description, variant, closeWith = 'button' }: ToastExpectation,
): Promise<void> {
  let toast = page.getByTestId('toast').filter({ has: page.getByText(title, { exact: true }) });
  if (description !== undefined) {
    toast = toast.filter({
      has: typeof description === 'string' ? page.getByText(description, { exact: true }) : page.getByText(description),
    });
  }
  try {
    await toast.first().waitFor({ state: 'visible' });
  } catch {
    const seen = await page.getByTestId('toast').allInnerTexts();
    throw new Error(`no toast "${title}" / ${String(description)}; toasts on screen: ${JSON.stringify(seen)}`);
  }
  if (variant) expect(await toast.first().getAttribute('data-variant')).toBe(variant);
  if (closeWith === 'escape') await page.keyboard.press('Escape');
  // By CSS, not role: an open modal dialog marks the toast viewport aria-hidden.
  else await toast.first().locator('button[aria-label="Close"]').click();
  await expectHidden(toast.first());
}

/**
 * tests/browser/screenshots/<step>-<width>.png: the full page, or just the viewport for overlays
 * (dialogs, the drawer), which are fixed to the viewport and would look cut off on a full page.
 */
export async function screenshot(
  page: Page,
  step: string,
  width: number,
  { fullPage = true }: { fullPage?: boolean } = {},
): Promise<string> {
  const path = join(SCREENSHOT_DIR, `${step}-${width}.png`);
  await page.screenshot({ path, fullPage, animations: 'disabled' });
  return path;
}

/** Horizontal overflow of the document (px): a page wider than the viewport scrolls sideways. */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = (globalThis as any).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
}

/** Signs in and waits for /dashboard, not its heading: an assistant may not be allowed to see it. */
export async function signInAnywhere(page: Page, username: string, password: string): Promise<void> {
  const form = page.getByTestId('sign-in-form');
  await form.getByPlaceholder('Enter your username', { exact: true }).fill(username);
  await form.getByPlaceholder('Enter your password', { exact: true }).fill(password);
  await page.getByTestId('sign-in-submit').click();
  await expectToast(page, { title: 'Login Successful', description: `Welcome back, ${username}!`, variant: 'default' });
  await page.waitForURL('**/dashboard');
}

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await signInAnywhere(page, username, password);
  await expectHeading(page, 'Dashboard');
}

/** A fresh browser profile at `width`, signed in from the start page (as the manager unless told). */
export async function openSignedIn(
  harness: BrowserApp,
  width: number,
  { username, password }: { username: string; password: string } = MANAGER,
): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await harness.newPage(width);
  await opened.page.goto('/');
  await signIn(opened.page, username, password);
  return opened;
}

/** The page header's title: the page has rendered past its guard. */
export async function expectHeading(page: Page, title: string): Promise<void> {
  await expectText(page.getByTestId('page-header').getByRole('heading', { level: 1 }), title);
}

/**
 * Goes to a page through the sidebar, as a user would: the fixed sidebar on wide screens, the
 * menu button and drawer below 768 px.
 */
export async function navigate(page: Page, pageKey: string, title: string): Promise<void> {
  const width = page.viewportSize()?.width ?? 1280;
  if (width < MOBILE_BREAKPOINT) {
    await expect(page.getByTestId('sidebar').isVisible()).resolves.toBe(false);
    await page.getByTestId('mobile-menu-button').click();
    const drawer = page.getByTestId('mobile-sidebar');
    await expectVisible(drawer);
    await expectVisible(page.getByTestId('sidebar-overlay'));
    await drawer.getByTestId(`nav-${pageKey}`).click();
    await expectHidden(drawer);
  } else {
    await page.getByTestId('sidebar').getByTestId(`nav-${pageKey}`).click();
  }
  await expectHeading(page, title);
}

/**
 * Answers the page's next window.confirm (accept or dismiss) and resolves with its message; rejects
 * when the next dialog is not a confirm.
 */
export function answerConfirm(page: Page, accept: boolean): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    page.once('dialog', (dialog) => {
      const message = dialog.message();
      const type = dialog.type();
      (accept ? dialog.accept() : dialog.dismiss()).then(
        () => (type === 'confirm' ? resolve(message) : reject(new Error(`a ${type} dialog, not confirm`))),
        reject,
      );
    });
  });
}
