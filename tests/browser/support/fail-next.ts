import type { Page } from 'playwright-core';

/**
 * The next `times` calls matching `pattern` fail as a server in trouble answers (503, JSON message);
 * later ones reach the real gateway. Gives a reader of how many were failed so far.
 */
export async function failNext(page: Page, pattern: RegExp, times = 1): Promise<() => number> {
  let failed = 0;
  await page.route(pattern, async (route) => {
    if (failed < times) {
      failed += 1;
      await route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Service unavailable' }),
      });
      return;
    }
    await route.fallback();
  });
  return () => failed;
}

/** Presses Tab until the focus is on a button inside the test id; fails after `limit` presses. */
export async function tabTo(page: Page, testId: string, limit = 60): Promise<void> {
  for (let press = 0; press < limit; press += 1) {
    await page.keyboard.press('Tab');
    const there = await page.evaluate((id) => {
      const active = (globalThis as any).document.activeElement;
      return Boolean(active?.tagName === 'BUTTON' && active.closest(`[data-testid="${id}"]`));
    }, testId);
    if (there) return;
  }
  throw new Error(`no "Try again" button in ${testId} was reached with Tab`);
}
