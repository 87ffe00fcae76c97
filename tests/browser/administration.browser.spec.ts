import { MANAGER, uniqueSuffix, useBrowserApp } from './support/browser-app';
import { newProduct, stockOf } from './support/catalogue';
import { ACCESS_RESTRICTED_TEXT, PAGE_LABELS } from './support/pages';
import {
  expectHeading,
  expectHidden,
  expectText,
  expectToast,
  expectVisible,
  horizontalOverflow,
  navigate,
  openSignedIn,
  screenshot,
  signInAnywhere,
} from './support/screen';

/**
 * Issue 4 "Must show": Settings (page access, users, contact, passwords) and Customer Support,
 * through the real gateway, a real database and Chromium (the Online Orders dialog:
 * online-orders.browser.spec.ts).
 */
const WIDTH = 1280;
const NARROW = 375;

describe('administration: settings and customer support', () => {
  const harness = useBrowserApp();

  const managerPage = (width = WIDTH) => openSignedIn(harness, width);

  const createProduct = (name: string, stock: number, price?: string) =>
    newProduct(harness, { name, stock, price, skuPrefix: 'ADM' });
  const stockNow = (id: string) => stockOf(harness, id);

  it('grants assistants the Sales page only, adds an assistant who sees only that, then deactivates it', async () => {
    const product = await createProduct('Shea Butter Cream', 5);
    const { page } = await managerPage();
    await navigate(page, 'settings', 'Settings');
    await expectVisible(page.getByTestId('settings-view'));
    expect(await page.getByTestId('settings-view').getAttribute('data-role')).toBe('manager');

    // Page access: every assistant page off except the Sales Till.
    const switches = page.getByTestId('page-permissions').getByTestId('permission-switch');
    await expectVisible(switches.first());
    const pageKeys = await switches.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-page')!));
    expect([...pageKeys].sort()).toEqual(Object.keys(PAGE_LABELS).sort());
    for (const key of pageKeys) {
      const toggle = page
        .getByTestId('page-permissions')
        .locator(`[data-testid="permission-switch"][data-page="${key}"]`);
      const wanted = key === 'sales';
      if ((await toggle.getAttribute('aria-checked')) === String(wanted)) continue;
      await toggle.click();
      await expectToast(page, {
        title: 'Permissions updated',
        description: `Sales assistants ${wanted ? 'can now open' : 'can no longer open'} ${PAGE_LABELS[key]}.`,
        variant: 'default',
      });
      await expect(toggle.getAttribute('aria-checked')).resolves.toBe(String(wanted));
    }
    // The manager column is always on and disabled.
    const managerSwitches = page.getByTestId('manager-permission-switch');
    expect(await managerSwitches.count()).toBe(pageKeys.length);
    for (const state of await managerSwitches.evaluateAll((nodes) =>
      nodes.map((node) => [node.getAttribute('aria-checked'), (node as any).disabled] as const),
    )) {
      expect(state).toEqual(['true', true]);
    }
    const stored = await harness.manager.get('/api/settings/page_permissions');
    const grants = stored.body.value.assistant as Record<string, boolean>;
    expect(
      Object.entries(grants)
        .filter(([, allowed]) => allowed)
        .map(([key]) => key),
    ).toEqual(['sales']);

    // Add user: the empty form is refused in the browser, then a Sales Assistant is created.
    const form = page.getByTestId('add-user-form');
    await form.getByTestId('add-user-submit').click();
    await expectToast(page, {
      title: 'Missing information',
      description: 'Please fill in all required fields',
      variant: 'destructive',
    });
    const assistant = { username: `ngozi.${uniqueSuffix().toLowerCase()}`, password: 'assistant-secret-9' };
    await form.locator('#new-user-username').fill(assistant.username);
    await form.locator('#new-user-password').fill(assistant.password);
    await form.locator('#new-user-role').click();
    await page.getByRole('option', { name: 'Sales Assistant', exact: true }).click();
    await expectText(form.locator('#new-user-role'), /Sales Assistant/);
    await form.getByTestId('add-user-submit').click();
    await expectToast(page, {
      title: 'User created',
      description: `${assistant.username} was added as Sales Assistant.`,
      variant: 'default',
    });
    const row = page.locator(`[data-testid="user-row"][data-username="${assistant.username}"]`);
    await expectVisible(row);
    expect(await row.getAttribute('data-role')).toBe('assistant');
    expect(await row.getAttribute('data-active')).toBe('true');
    await expectText(row.getByTestId('user-status'), 'Active');
    await expect(form.locator('#new-user-username').inputValue()).resolves.toBe('');
    await screenshot(page, '40-settings-manager', WIDTH);

    // The assistant, in its own browser profile: only the Sales Till in the sidebar.
    const { page: assistantPage } = await harness.newPage(WIDTH);
    await assistantPage.goto('/');
    await signInAnywhere(assistantPage, assistant.username, assistant.password);
    await expectText(assistantPage.getByTestId('sidebar-username'), assistant.username);
    await expectText(assistantPage.getByTestId('sidebar-role'), 'Sales Assistant');
    const nav = assistantPage.getByTestId('sidebar').getByRole('navigation', { name: 'Main' }).getByRole('link');
    await expectText(nav.first(), 'Sales Till');
    expect(await nav.allInnerTexts()).toEqual(['Sales Till']);
    expect(await assistantPage.getByTestId('sidebar').getByTestId('nav-sales').getAttribute('href')).toBe('/sales');
    // The dashboard itself is not granted: the landing page after sign-in is restricted.
    await expectText(
      assistantPage.getByTestId('access-restricted').getByRole('heading', { level: 1 }),
      'Access Restricted',
    );

    await assistantPage.goto('/settings');
    const notice = assistantPage.getByTestId('access-restricted');
    await expectText(notice.getByRole('heading', { level: 1 }), 'Access Restricted');
    await expectVisible(notice.getByText(ACCESS_RESTRICTED_TEXT, { exact: true }));
    expect(await assistantPage.getByTestId('settings-view').count()).toBe(0);
    await screenshot(assistantPage, '41-assistant-settings-restricted', WIDTH);

    await assistantPage.getByTestId('sidebar').getByTestId('nav-sales').click();
    await expectHeading(assistantPage, 'Sales Till');
    const tile = assistantPage.locator(`[data-testid="product-tile"][data-sku="${product.sku}"]`);
    await expectVisible(tile);
    // The till's pages cannot add products (POST /api/products needs Products or Inventory): no button.
    expect(await assistantPage.getByTestId('page-header').getByTestId('add-product-button').count()).toBe(0);

    // The manager deactivates the assistant with the switch.
    await row.getByTestId('user-active-switch').click();
    await expectToast(page, {
      title: 'User updated',
      description: `${assistant.username} is now inactive.`,
      variant: 'default',
    });
    await expectText(row.getByTestId('user-status'), 'Inactive');
    expect(await row.getAttribute('data-active')).toBe('false');

    // The assistant's next action (a cash sale) sends them to sign-in, and sells nothing.
    await tile.getByTestId('add-to-cart').click();
    await assistantPage.getByTestId('view-cart-button').click();
    const cart = assistantPage.getByTestId('cart-dialog');
    await expectVisible(cart);
    await cart.getByTestId('payment-cash').click();
    await cart.getByTestId('confirm-sale').click();
    await expectVisible(assistantPage.getByTestId('sign-in-card'));
    expect(await assistantPage.getByTestId('sidebar').count()).toBe(0);
    expect(await assistantPage.evaluate(() => (globalThis as any).localStorage.getItem('user'))).toBeNull();
    expect(await stockNow(product.id)).toBe(5);
  });

  it('edits contact info behind the server-checked password gate, and changes a manager password', async () => {
    // Contact details exist already, so the edit dialog shows the one chosen field.
    const initial = {
      email: 'hello@glow.example',
      phone: '+2348012345678',
      whatsapp: '+2348012345679',
      address: '12 Admiralty Way, Lekki, Lagos',
    };
    const seeded = await harness.manager.put('/api/contact-info', { ...initial, password: MANAGER.password });
    expect(seeded.status).toBe(200);

    const { page } = await managerPage();
    await navigate(page, 'settings', 'Settings');
    const phone = page.locator('[data-testid="contact-field"][data-field="phone"]');
    await expectText(phone.getByTestId('contact-value'), initial.phone);

    await phone.getByTestId('edit-contact').click();
    const gate = page.getByTestId('password-gate-dialog');
    await expectVisible(gate);
    await gate.getByTestId('password-gate-submit').click();
    await expectToast(page, {
      title: 'Password Required',
      description: 'Please enter your password to continue.',
      variant: 'destructive',
      closeWith: 'escape',
    });
    await gate.locator('#gate-password').fill('not-the-password');
    // The gate asks the server: no fixed password in the browser.
    const refused = page.waitForResponse((response) => response.url().endsWith('/api/contact-info/verify-password'));
    await gate.getByTestId('password-gate-submit').click();
    expect((await refused).status()).toBeGreaterThanOrEqual(400);
    await expectToast(page, {
      title: 'Invalid Password',
      description: 'The password you entered is incorrect.',
      variant: 'destructive',
      closeWith: 'escape',
    });
    expect(await page.getByTestId('contact-edit-dialog').count()).toBe(0);
    await gate.locator('#gate-password').fill(MANAGER.password);
    const accepted = page.waitForResponse((response) => response.url().endsWith('/api/contact-info/verify-password'));
    await gate.getByTestId('password-gate-submit').click();
    expect((await accepted).status()).toBe(204);
    const edit = page.getByTestId('contact-edit-dialog');
    await expectVisible(edit);
    await expectHidden(gate);
    expect(await edit.getAttribute('data-field')).toBe('phone');
    expect(await edit.locator('#contact-email').count()).toBe(0);

    await edit.locator('#contact-phone').fill('   ');
    await edit.getByTestId('save-contact').click();
    await expectToast(page, {
      title: 'Invalid Input',
      description: 'Please enter a valid value.',
      variant: 'destructive',
      closeWith: 'escape',
    });
    const newPhone = `+23480${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
    await edit.locator('#contact-phone').fill(newPhone);
    await screenshot(page, '42-contact-edit-dialog', WIDTH, { fullPage: false });
    await edit.getByTestId('save-contact').click();
    await expectToast(page, {
      title: 'Contact information updated',
      description: "The shop's contact details were saved.",
      variant: 'default',
    });
    await expectHidden(edit);
    await expectText(phone.getByTestId('contact-value'), newPhone);
    const saved = await harness.manager.get('/api/contact-info');
    expect(saved.body).toMatchObject({ ...initial, phone: newPhone });

    // Change password on a second manager's row (the main session's password stays).
    const second = { username: `chidi.${uniqueSuffix().toLowerCase()}`, password: 'manager-two-secret' };
    const created = await harness.manager.post('/api/users', { ...second, role: 'manager' });
    expect(created.status).toBe(201);
    await page.reload();
    await expectHeading(page, 'Settings');
    const row = page.locator(`[data-testid="user-row"][data-username="${second.username}"]`);
    await expectVisible(row);
    expect(await row.getByTestId('user-active-switch').count()).toBe(0);
    expect(await row.getByTestId('delete-user').count()).toBe(0);
    await row.getByTestId('change-password-button').click();
    const dialog = page.getByTestId('change-password-dialog');
    await expectVisible(dialog);

    const fill = async (current: string, next: string, confirm: string) => {
      await dialog.locator('#current-password').fill(current);
      await dialog.locator('#new-password').fill(next);
      await dialog.locator('#confirm-password').fill(confirm);
      await dialog.getByTestId('change-password-submit').click();
    };
    await fill(second.password, 'brand-new-pass-1', 'brand-new-pass-2');
    await expectToast(page, {
      title: "Passwords don't match",
      description: 'The new password and its confirmation must be the same.',
      variant: 'destructive',
      closeWith: 'escape',
    });
    await fill(second.password, 'short1', 'short1');
    await expectToast(page, {
      title: 'Password too weak',
      description: 'Password must be at least 8 characters long',
      variant: 'destructive',
      closeWith: 'escape',
    });
    const newPassword = `renewed-${uniqueSuffix().toLowerCase()}`;
    await fill(second.password, newPassword, newPassword);
    await expectToast(page, {
      title: 'Password changed',
      description: `The password for ${second.username} was updated.`,
      variant: 'default',
    });
    await expectHidden(dialog);

    // The new password signs in; the old one no longer does.
    const oldLogin = await harness.app.client().post('/api/login', second);
    expect(oldLogin.status).toBe(401);
    const { page: secondPage } = await openSignedIn(harness, WIDTH, {
      username: second.username,
      password: newPassword,
    });
    await expectText(secondPage.getByTestId('sidebar-role'), 'Manager');
  });

  it('takes a support request from the public form to a reply in the outbox, resolved and reopened', async () => {
    const submit = (index: number, body: Record<string, unknown>) =>
      harness.app
        .client()
        .request('POST', '/api/customer-support', body, { 'x-forwarded-for': `203.0.113.${10 + index}` });
    const suffix = uniqueSuffix();
    const ids: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const response = await submit(index, {
        fullName: `Customer ${index} ${suffix}`,
        email: `customer${index}@example.com`,
        subject: `Order question ${index}`,
        complaint: `Complaint number ${index} about my delivery ${suffix}.`,
      });
      expect(response.status).toBe(201);
      ids.push(response.body.id);
    }
    const fullName = `Funke Adeyemi ${suffix}`;
    const main = await submit(9, {
      fullName,
      email: 'funke@example.com',
      phoneNumber: '+2348099990000',
      subject: 'Damaged lipstick',
      complaint: 'The lipstick I received was broken in the box. I would like a replacement please.',
    });
    expect(main.status).toBe(201);
    const id = String(main.body.id);
    const stats = (await harness.manager.get('/api/customer-support/stats')).body;

    const { page } = await managerPage();
    await navigate(page, 'customer-support', 'Customer Support');
    const statValue = (key: string) => page.getByTestId(`support-stat-${key}`).getByTestId('support-stat-value');
    await expectText(statValue('total'), String(stats.total));
    await expectText(statValue('pending'), String(stats.pending));
    await expectText(statValue('resolved'), String(stats.resolved));
    await expectText(statValue('today'), String(stats.todayCount));
    await expectText(statValue('week'), String(stats.weekCount));
    expect(stats.total).toBeGreaterThanOrEqual(5);

    const recent = page.getByTestId('support-recent').getByTestId('support-request');
    await expectVisible(recent.first());
    expect(await recent.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-id')))).toEqual([
      id,
      String(ids[3]),
      String(ids[2]),
    ]);
    const card = page.getByTestId('support-recent').locator(`[data-testid="support-request"][data-id="${id}"]`);
    expect(await card.getAttribute('data-status')).toBe('pending');
    await expectText(card.getByTestId('complaint-preview'), /The lipstick I received was broken/);

    await card.getByTestId('start-working').click();
    await expectToast(page, {
      title: 'Status Updated',
      description: `Request #${id} is now In Progress.`,
      variant: 'default',
    });
    await expectVisible(page.locator(`[data-testid="support-request"][data-id="${id}"][data-status="in_progress"]`));
    expect(await card.getByTestId('start-working').count()).toBe(0);

    // Reply with the apology template: it greets the customer by name.
    await card.getByTestId('reply-button').click();
    const reply = page.getByTestId('reply-dialog');
    await expectVisible(reply);
    expect(await reply.getAttribute('data-id')).toBe(id);
    await expectText(reply.getByTestId('reply-complaint-preview'), /The lipstick I received was broken/);
    await expect(reply.getByTestId('send-reply').isDisabled()).resolves.toBe(true);
    await reply.getByTestId('reply-template-apology').click();
    const text = await reply.locator('#support-reply').inputValue();
    expect(text.startsWith(`Dear ${fullName},`)).toBe(true);
    expect(text).toContain('about "Damaged lipstick"');
    expect(text).toContain('We are very sorry for the inconvenience');
    await reply.locator('#support-notes').fill('Replacement approved');
    await screenshot(page, '45-support-reply-dialog', WIDTH, { fullPage: false });
    await reply.getByTestId('send-reply').click();
    await expectToast(page, {
      title: 'Reply Sent',
      description: 'Your reply is in the outbox and will be emailed to funke@example.com once mail is set up.',
      variant: 'default',
    });
    await expectHidden(reply);
    await expectText(card.getByTestId('reply-outbox-badge'), 'In outbox');
    await expectText(card, /1 reply/);

    // The inbox shows the reply itself.
    await page.getByTestId('open-support-inbox').click();
    const inbox = page.getByTestId('support-inbox-dialog');
    await expectVisible(inbox);
    const inboxCard = inbox.locator(`[data-testid="support-request"][data-id="${id}"]`);
    const sent = inboxCard.getByTestId('reply-history').getByTestId('support-reply');
    await expectVisible(sent);
    expect(await sent.count()).toBe(1);
    expect(await sent.getAttribute('data-delivery')).toBe('outbox');
    await expectText(sent.getByTestId('reply-outbox-badge'), 'In outbox');
    await expectText(sent, new RegExp(`Dear ${fullName}`));
    expect(await inbox.getByTestId('support-request').count()).toBe(stats.total);
    await screenshot(page, '46-support-inbox', WIDTH, { fullPage: false });
    await page.keyboard.press('Escape');
    await expectHidden(inbox);

    // Resolve: reply is no longer offered; reopen brings it back.
    await card.getByTestId('resolve-request').click();
    await expectToast(page, {
      title: 'Status Updated',
      description: `Request #${id} is now Resolved.`,
      variant: 'default',
    });
    await expectVisible(
      page.locator(
        `[data-testid="support-recent"] [data-testid="support-request"][data-id="${id}"][data-status="resolved"]`,
      ),
    );
    await expectText(card.getByTestId('support-status'), 'Resolved');
    expect(await card.getByTestId('reply-button').count()).toBe(0);
    expect(await card.getByTestId('resolve-request').count()).toBe(0);
    await expectText(statValue('resolved'), String(stats.resolved + 1));
    await screenshot(page, '47-customer-support', WIDTH);

    await card.getByTestId('reopen-request').click();
    await expectToast(page, {
      title: 'Status Updated',
      description: `Request #${id} is now In Progress.`,
      variant: 'default',
    });
    await expectVisible(
      page.locator(
        `[data-testid="support-recent"] [data-testid="support-request"][data-id="${id}"][data-status="in_progress"]`,
      ),
    );
    await expectVisible(card.getByTestId('reply-button'));
    const stored = (await harness.manager.get('/api/customer-support')).body.find(
      (request: { id: number }) => String(request.id) === id,
    );
    expect(stored.status).toBe('in_progress');

    // Customer Support and Settings at phone width.
    const { page: narrow } = await managerPage(NARROW);
    await navigate(narrow, 'customer-support', 'Customer Support');
    await expectVisible(narrow.getByTestId('support-recent').getByTestId('support-request').first());
    await screenshot(narrow, '48-customer-support', NARROW);
    expect(await horizontalOverflow(narrow)).toBeLessThanOrEqual(0);
    await navigate(narrow, 'settings', 'Settings');
    await expectVisible(narrow.getByTestId('page-permissions').getByTestId('permission-switch').first());
    await expectVisible(narrow.getByTestId('contact-info-card').getByTestId('contact-field').first());
    await screenshot(narrow, '49-settings', NARROW);
    expect(await horizontalOverflow(narrow)).toBeLessThanOrEqual(0);
  });

  // The table once stuck out of its card by 7 px at 375 px; it now fits (narrower padding, and a
  // scroll container should a longer label ever widen it).
  it('the page permissions table fits its card at 375 px', async () => {
    const { page } = await managerPage(NARROW);
    await navigate(page, 'settings', 'Settings');
    const card = page.getByTestId('page-permissions');
    await expectVisible(card.getByTestId('permission-switch').first());
    const sticksOut = await card.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(sticksOut).toBeLessThanOrEqual(0);
  });
});
