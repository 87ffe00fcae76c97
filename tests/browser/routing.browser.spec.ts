import type { BrowserContext, Page } from 'playwright-core';
import { uniqueSuffix, useBrowserApp } from './support/browser-app';
import { ACCESS_RESTRICTED_TEXT, PAGES } from './support/pages';
import {
  expectHeading,
  expectText,
  expectToast,
  expectVisible,
  openSignedIn,
  screenshot,
  signIn,
} from './support/screen';

const WIDTH = 1280;

describe('routing, page access and the session', () => {
  const harness = useBrowserApp();

  const storedUser = (page: Page) =>
    page.evaluate(() => (globalThis as any).localStorage.getItem('user') as string | null);

  const createAssistant = async () => {
    const assistant = { username: `amaka.${uniqueSuffix().toLowerCase()}`, password: 'assistant-secret-1' };
    const created = await harness.manager.post('/api/users', { ...assistant, role: 'assistant' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ username: assistant.username, role: 'assistant', isActive: true });
    return { ...assistant, id: created.body.id as string };
  };

  /** Where the next action goes once the server has forgotten the session: back to sign-in, stored user gone. */
  const expectSentToSignIn = async (page: Page) => {
    await expectVisible(page.getByTestId('sign-in-card'));
    expect(await page.getByTestId('sidebar').count()).toBe(0);
    expect(await storedUser(page)).toBeNull();
  };

  it('shows the public notices without signing in, and sign-in for any other route', async () => {
    const { page } = await harness.newPage(WIDTH);

    await page.goto('/store');
    await expectText(page.getByTestId('store-closed').getByRole('heading', { level: 1 }), 'Store Temporarily Closed');
    expect(await page.getByTestId('sign-in-card').count()).toBe(0);
    await screenshot(page, '10-store-closed', WIDTH);

    await page.goto('/customer-profile');
    await expectText(
      page.getByTestId('customer-profile-unavailable').getByRole('heading', { level: 1 }),
      'Customer Profile Unavailable',
    );
    expect(await page.getByTestId('sign-in-card').count()).toBe(0);

    for (const path of ['/settings', '/no-such-page']) {
      await page.goto(path);
      await expectVisible(page.getByTestId('sign-in-card'));
      expect(await page.getByTestId('not-found').count()).toBe(0);
    }
  });

  it('shows Page Not Found for an unknown route once signed in, and its button goes to the dashboard', async () => {
    const { page } = await openSignedIn(harness, WIDTH);

    await page.goto(`/no-such-page-${uniqueSuffix().toLowerCase()}`);
    const notFound = page.getByTestId('not-found');
    await expectText(notFound.getByRole('heading', { level: 1 }), 'Page Not Found');
    await expectVisible(page.getByTestId('sidebar'));
    await screenshot(page, '11-not-found', WIDTH);
    await notFound.getByRole('button', { name: 'Go to Dashboard', exact: true }).click();
    await page.waitForURL('**/dashboard');
    await expectHeading(page, 'Dashboard');
  });

  describe('an assistant with the default page permissions', () => {
    let context: BrowserContext;
    let page: Page;
    let assistant: Awaited<ReturnType<typeof createAssistant>>;
    let allowed: (typeof PAGES)[number][];
    let denied: (typeof PAGES)[number][];

    beforeAll(async () => {
      assistant = await createAssistant();
      const setting = await harness.manager.get('/api/settings/page_permissions');
      expect(setting.status).toBe(200);
      const grants: Record<string, boolean | undefined> = setting.body.value.assistant;
      allowed = PAGES.filter((entry) => grants[entry.key] === true);
      denied = PAGES.filter((entry) => grants[entry.key] !== true);
      // The defaults keep settings from assistants; the checks below rely on at least that.
      expect(denied.map((entry) => entry.key)).toContain('settings');
      ({ context, page } = await harness.newPage(WIDTH));
    });

    it('sees only the allowed sidebar items', async () => {
      await page.goto('/');
      await signIn(page, assistant.username, assistant.password);
      await expectText(page.getByTestId('sidebar-username'), assistant.username);
      await expectText(page.getByTestId('sidebar-role'), 'Sales Assistant');

      const nav = page.getByTestId('sidebar').getByRole('navigation', { name: 'Main' }).getByRole('link');
      await expectText(nav.first(), allowed[0]!.label);
      expect(await nav.allInnerTexts()).toEqual(allowed.map((entry) => entry.label));
      for (const entry of allowed) {
        expect(await page.getByTestId('sidebar').getByTestId(`nav-${entry.key}`).getAttribute('href')).toBe(entry.path);
      }
      for (const entry of denied) {
        expect(await page.getByTestId(`nav-${entry.key}`).count()).toBe(0);
      }
      await screenshot(page, '12-assistant-dashboard', WIDTH);
    });

    it('gets Access Restricted on pages it may not open, and Return to Dashboard goes to /dashboard', async () => {
      for (const entry of denied) {
        await page.goto(entry.path);
        const notice = page.getByTestId('access-restricted');
        await expectText(notice.getByRole('heading', { level: 1 }), 'Access Restricted');
        await expectVisible(notice.getByText(ACCESS_RESTRICTED_TEXT, { exact: true }));
      }

      await page.goto('/settings');
      const notice = page.getByTestId('access-restricted');
      await expectText(notice.getByRole('heading', { level: 1 }), 'Access Restricted');
      await expectVisible(notice.getByText(ACCESS_RESTRICTED_TEXT, { exact: true }));
      await screenshot(page, '13-access-restricted', WIDTH);
      await notice.getByRole('button', { name: 'Return to Dashboard', exact: true }).click();
      await page.waitForURL('**/dashboard');
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await expectHeading(page, 'Dashboard');

      for (const entry of allowed.filter((candidate) => candidate.key !== 'dashboard')) {
        await page.getByTestId('sidebar').getByTestId(`nav-${entry.key}`).click();
        await page.waitForURL(`**${entry.path}`);
        expect(await page.getByTestId('access-restricted').count()).toBe(0);
      }
    });

    it('keeps the session over a reload', async () => {
      await page.goto('/inventory');
      await expectHeading(page, 'Inventory');
      await page.reload();
      await expectHeading(page, 'Inventory');
      expect(new URL(page.url()).pathname).toBe('/inventory');
      await expectText(page.getByTestId('sidebar-username'), assistant.username);
      expect(await page.getByTestId('sign-in-card').count()).toBe(0);
    });

    it('goes back to sign-in on the next action once the session is signed out elsewhere', async () => {
      const { body: created } = await harness.manager.post('/api/products', {
        name: `Rose Water Toner ${uniqueSuffix()}`,
        sku: `TNR-${uniqueSuffix()}`,
        category: 'Skincare Products',
        price: '1500',
        currentStock: 3,
        minStockLevel: 1,
      });
      await page.goto('/dashboard');
      await expectHeading(page, 'Dashboard');

      // The assistant's own cookie, used from outside this browser: the server forgets the session.
      const cookies = await context.cookies(harness.baseUrl);
      const header = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
      expect(header).not.toBe('');
      const logout = await fetch(`${harness.baseUrl}/api/logout`, { method: 'POST', headers: { cookie: header } });
      expect(logout.status).toBe(204);

      // Next action: record a stock in from the dashboard.
      await page.getByTestId('dashboard-stock-in-button').click();
      const dialog = page.getByTestId('stock-dialog');
      await expectVisible(dialog);
      await dialog.locator('#stock-product').click();
      await page.getByRole('option', { name: `${created.name} (${created.sku})`, exact: true }).click();
      await dialog.getByTestId('stock-submit').click();
      await expectSentToSignIn(page);
      const after = (await harness.manager.get('/api/products')).body.find(
        (item: { id: string }) => item.id === created.id,
      );
      expect(after.currentStock).toBe(3);
    });

    it('goes back to sign-in once a manager deactivates the assistant, and cannot sign in again', async () => {
      await signIn(page, assistant.username, assistant.password);
      await page.getByTestId('sidebar').getByTestId('nav-inventory').click();
      await expectHeading(page, 'Inventory');

      const deactivated = await harness.manager.put(`/api/users/${assistant.id}`, { isActive: false });
      expect(deactivated.status).toBe(200);
      expect(deactivated.body.isActive).toBe(false);

      // Next action: a stock out from a product card.
      const card = page.getByTestId('product-card').first();
      await card.getByRole('button', { name: /^Stock Out / }).click();
      const dialog = page.getByTestId('stock-dialog');
      await expectVisible(dialog);
      await dialog.getByTestId('stock-submit').click();
      await expectSentToSignIn(page);
      await screenshot(page, '14-signed-out-sign-in', WIDTH);

      const form = page.getByTestId('sign-in-form');
      await form.getByPlaceholder('Enter your username', { exact: true }).fill(assistant.username);
      await form.getByPlaceholder('Enter your password', { exact: true }).fill(assistant.password);
      await page.getByTestId('sign-in-submit').click();
      await expectToast(page, {
        title: 'Login Failed',
        description: 'Invalid username or password',
        variant: 'destructive',
      });
      await expectVisible(page.getByTestId('sign-in-card'));
    });
  });
});
