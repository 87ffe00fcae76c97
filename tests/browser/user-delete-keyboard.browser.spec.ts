import type { Page } from 'playwright-core';
import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { answerConfirm, expectHidden, expectVisible, navigate, openSignedIn } from './support/screen';

/** The focused element's row (data-username) and its data-testid, as `row/testid`. */
const focusedControl = (page: Page) =>
  page.evaluate(() => {
    const active = (globalThis as any).document.activeElement;
    const row = active?.closest('[data-testid="user-row"]');
    return `${row?.getAttribute('data-username') ?? active?.tagName}/${active?.getAttribute('data-testid') ?? active?.id}`;
  });

/** Waits (up to 5 s) for the focus to settle on `expected`, then reads where it is. */
async function focusSettlesOn(page: Page, expected: string): Promise<string> {
  await page
    .waitForFunction(
      (want) => {
        const active = (globalThis as any).document.activeElement;
        const row = active?.closest('[data-testid="user-row"]');
        const seen = `${row?.getAttribute('data-username') ?? active?.tagName}/${active?.getAttribute('data-testid') ?? active?.id}`;
        return seen === want;
      },
      expected,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  return focusedControl(page);
}

/**
 * Settings, deleting assistants with the keyboard alone: the Delete button was disabled while the
 * delete ran and then went with its row, so the focus fell to <body> and the next Tab started at the
 * top of the page. It now lands on the next row's control, else the previous row's.
 */
describe('deleting users from the keyboard', () => {
  const harness = useBrowserApp();

  it.each([1280, 375])('at %i px, the focus goes to the next row, then the previous one', async (width) => {
    const tag = `kbd${uniqueSuffix().toLowerCase()}`;
    const [first, second] = [`${tag}a`, `${tag}b`];
    for (const username of [first, second]) {
      expect((await harness.manager.post('/api/users', { username, password: 'assistant-pass-1' })).status).toBe(201);
    }
    const { page, context } = await openSignedIn(harness, width);
    await navigate(page, 'settings', 'Settings');
    const row = (username: string) => page.locator(`[data-testid="user-row"][data-username="${username}"]`);
    await expectVisible(row(second!));

    // Tab to the first assistant's Delete button from its Active switch, as a keyboard user would.
    await row(first!).getByTestId('user-active-switch').focus();
    await page.keyboard.press('Tab');
    expect(await focusedControl(page)).toBe(`${first}/delete-user`);

    let confirm = answerConfirm(page, true);
    await page.keyboard.press('Enter');
    await confirm;
    // Left open: closing it with the mouse would move the focus.
    await expectVisible(page.getByTestId('toast').filter({ hasText: `${first} was removed.` }));
    await expectHidden(row(first!));
    expect(await focusSettlesOn(page, `${second}/delete-user`)).toBe(`${second}/delete-user`);

    // The last row: the focus goes to the row above it (the manager's Change Password).
    const above = await row(second!).evaluate(
      (element) => element.previousElementSibling?.getAttribute('data-username') ?? null,
    );
    const aboveControl = `${above}/${above === 'manager' ? 'change-password-button' : 'delete-user'}`;
    confirm = answerConfirm(page, true);
    await page.keyboard.press('Enter');
    await confirm;
    await expectHidden(row(second!));
    expect(await focusSettlesOn(page, aboveControl)).toBe(aboveControl);
    await context.close();
  });

  // The switch was disabled while its update ran, which took the focus from it to <body>.
  it('switching an assistant off with Space keeps the focus on the switch', async () => {
    const username = `kbdsw${uniqueSuffix().toLowerCase()}`;
    expect((await harness.manager.post('/api/users', { username, password: 'assistant-pass-1' })).status).toBe(201);
    const { page, context } = await openSignedIn(harness, 1280);
    await navigate(page, 'settings', 'Settings');
    const row = page.locator(`[data-testid="user-row"][data-username="${username}"]`);
    await row.getByTestId('user-active-switch').focus();
    await page.keyboard.press('Space');
    await expectVisible(page.getByTestId('toast').filter({ hasText: `${username} is now inactive.` }));
    await row.locator('[data-testid="user-active-switch"][aria-checked="false"]:not([disabled])').waitFor();
    expect(await focusSettlesOn(page, `${username}/user-active-switch`)).toBe(`${username}/user-active-switch`);
    await context.close();
  });

  // Every permission switch is disabled while one saves, which took the focus from it to <body>.
  it('a page permission switched with Space keeps the focus on its switch', async () => {
    const { page, context } = await openSignedIn(harness, 1280);
    await navigate(page, 'settings', 'Settings');
    const reports = page.locator('[data-testid="permission-switch"][data-page="reports"]');
    const before = await reports.getAttribute('aria-checked');
    await reports.focus();
    await page.keyboard.press('Space');
    await expectVisible(page.getByTestId('toast').filter({ hasText: 'Permissions updated' }));
    await page
      .locator(
        `[data-testid="permission-switch"][data-page="reports"][aria-checked="${before === 'true' ? 'false' : 'true'}"]:not([disabled])`,
      )
      .waitFor();
    await page
      .waitForFunction(
        () => (globalThis as any).document.activeElement?.getAttribute('data-page') === 'reports',
        null,
        {
          timeout: 5_000,
        },
      )
      .catch(() => undefined);
    expect(
      await page.evaluate(() => {
        const active = (globalThis as any).document.activeElement;
        return `${active?.getAttribute('data-testid') ?? active?.tagName}/${active?.getAttribute('data-page')}`;
      }),
    ).toBe('permission-switch/reports');
    await context.close();
  });
});
