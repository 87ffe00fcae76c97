import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { expectVisible, navigate, openSignedIn } from './support/screen';

/**
 * Customer Support, from the keyboard: Start Working was disabled while the status changed and then
 * went (an in-progress request has no Start Working), so the focus fell to <body>. It now goes to
 * the request's first action (Resolve), or stays on the pressed one when it is still there.
 */
describe('support request actions from the keyboard', () => {
  const harness = useBrowserApp();

  it('Start Working, then Resolve, leave the focus on the request card', async () => {
    const suffix = uniqueSuffix();
    const submitted = await harness.app
      .client()
      .request(
        'POST',
        '/api/customer-support',
        { fullName: `Keys ${suffix}`, email: 'keys@example.com', subject: 'Late', complaint: `Late parcel ${suffix}` },
        { 'x-forwarded-for': '203.0.113.52' },
      );
    expect(submitted.status).toBe(201);
    const { page, context } = await openSignedIn(harness, 1280);
    await navigate(page, 'customer-support', 'Customer Support');
    const card = page
      .getByTestId('support-recent')
      .locator(`[data-testid="support-request"][data-id="${submitted.body.id}"]`);
    const focusedAction = async (expected: string) => {
      await page
        .waitForFunction(
          (want) => (globalThis as any).document.activeElement?.getAttribute('data-testid') === want,
          expected,
          {
            timeout: 5_000,
          },
        )
        .catch(() => undefined);
      return card.evaluate((element) => {
        const active = (globalThis as any).document.activeElement;
        return element.contains(active) ? active.getAttribute('data-testid') : `outside: ${active?.tagName}`;
      });
    };

    await card.getByTestId('start-working').focus();
    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('toast').filter({ hasText: 'is now In Progress' }));
    expect(await focusedAction('resolve-request')).toBe('resolve-request');

    await page.keyboard.press('Enter');
    await expectVisible(page.getByTestId('toast').filter({ hasText: 'is now Resolved' }));
    expect(await focusedAction('reopen-request')).toBe('reopen-request');
    await context.close();
  });
});
