import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { answerConfirm, expectHidden, expectToast, expectVisible, navigate, openSignedIn } from './support/screen';

/**
 * Settings open on two screens: an assistant deleted on one is still listed on the other. Deleting
 * it there again was refused with 'Failed to delete user. Please try again.', and the row stayed
 * until a reload, so trying again failed the same way; the users are fetched again after a refusal.
 */
describe('an assistant deleted on another screen', () => {
  const harness = useBrowserApp();

  it.each([1280, 375])('at %i px, a refused delete drops the stale row without a reload', async (width) => {
    const username = `tolu.${uniqueSuffix().toLowerCase()}`;
    const created = await harness.manager.post('/api/users', { username, password: 'assistant-pass-1' });
    expect(created.status).toBe(201);
    const { page } = await openSignedIn(harness, width);
    await navigate(page, 'settings', 'Settings');
    const row = page.locator(`[data-testid="user-row"][data-username="${username}"]`);
    await expectVisible(row);

    const deleted = await harness.manager.delete(`/api/users/${(created.body as { id: string }).id}`);
    expect(deleted.status).toBeLessThan(300);

    const confirm = answerConfirm(page, true);
    await row.getByTestId('delete-user').click();
    await confirm;
    await expectToast(page, {
      title: 'Error',
      description: 'Failed to delete user. Please try again.',
      variant: 'destructive',
    });
    await expectHidden(row);
  });
});
