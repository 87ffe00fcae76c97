import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { expectHidden, expectText, expectToast, expectVisible, navigate, openSignedIn } from './support/screen';

/**
 * A reply whose answer is lost on the way back (the server recorded it, the browser saw the
 * connection drop) is sent again with the same words: the customer gets one reply, not two.
 */
describe('support reply retried after a lost answer', () => {
  const harness = useBrowserApp();

  it('records the reply once when Send Reply is pressed again after the connection dropped', async () => {
    const suffix = uniqueSuffix();
    const submitted = await harness.app.client().request(
      'POST',
      '/api/customer-support',
      {
        fullName: `Retry Customer ${suffix}`,
        email: 'retry@example.com',
        subject: 'Missing parcel',
        complaint: `My parcel never came ${suffix}.`,
      },
      { 'x-forwarded-for': '203.0.113.77' },
    );
    expect(submitted.status).toBe(201);
    const id = String(submitted.body.id);
    const stored = async () =>
      (
        (await harness.manager.get('/api/customer-support')).body as { id: number; replies: { reply: string }[] }[]
      ).find((request) => String(request.id) === id)!;

    const { page } = await openSignedIn(harness, 1280);
    await navigate(page, 'customer-support', 'Customer Support');
    const card = page.getByTestId('support-recent').locator(`[data-testid="support-request"][data-id="${id}"]`);
    await card.getByTestId('reply-button').click();
    const dialog = page.getByTestId('reply-dialog');
    await expectVisible(dialog);
    await dialog.locator('#support-reply').fill('Your parcel leaves today.');

    // The first send reaches the server, which records it; its answer never reaches the browser.
    const sent: unknown[] = [];
    await page.route('**/api/customer-support/*/reply', async (route) => {
      sent.push(route.request().postDataJSON());
      await route.fetch();
      await route.abort('connectionreset');
    });
    await dialog.getByTestId('send-reply').click();
    await expectToast(page, { title: 'Error', description: 'Failed to send reply. Please try again.' });
    await expectVisible(dialog);
    expect((await stored()).replies).toHaveLength(1);

    await page.unroute('**/api/customer-support/*/reply');
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/customer-support/${id}/reply`)) sent.push(request.postDataJSON());
    });
    await dialog.getByTestId('send-reply').click();
    await expectToast(page, { title: 'Reply Sent' });
    await expectHidden(dialog);
    await expectText(card, /1 reply/);

    const [first, second] = sent as { replyKey: string }[];
    expect(first!.replyKey).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(second!.replyKey).toBe(first!.replyKey);
    const { replies } = await stored();
    expect(replies).toHaveLength(1);
    expect(replies[0]!.reply).toBe('Your parcel leaves today.');
  });
});
