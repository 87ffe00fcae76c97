import type { Page } from 'playwright-core';
import { MANAGER, useBrowserApp } from './support/browser-app';
import { expectText, expectToast, expectVisible, navigate, openSignedIn, screenshot } from './support/screen';

interface Contact {
  email: string;
  phone: string;
  whatsapp: string;
  address: string;
}

/**
 * Two managers with Settings open: another manager (here the harness's API client) saves a change
 * after this screen loaded. The screen's own change then must not undo theirs: a switch turned
 * elsewhere stays turned, a contact field saved elsewhere stays saved, and an edit of the very field
 * they changed is refused with its reason under the field, the card showing theirs.
 */
describe('Settings changed meanwhile on another screen', () => {
  const harness = useBrowserApp();
  const initial: Contact = {
    email: 'hello@glow.ng',
    phone: '+2348010000001',
    whatsapp: '+2348010000002',
    address: '1 Allen Avenue',
  };

  async function openContactEdit(page: Page, field: keyof Contact) {
    await page.locator(`[data-testid="contact-field"][data-field="${field}"]`).getByTestId('edit-contact').click();
    const gate = page.getByTestId('password-gate-dialog');
    await gate.locator('#gate-password').fill(MANAGER.password);
    await gate.getByTestId('password-gate-submit').click();
    const edit = page.getByTestId('contact-edit-dialog');
    await expectVisible(edit);
    return edit;
  }

  const contactNow = async () => (await harness.manager.get('/api/contact-info')).body as Contact;
  const saveContact = async (contact: Contact) =>
    expect((await harness.manager.put('/api/contact-info', { ...contact, password: MANAGER.password })).status).toBe(
      200,
    );

  it.each([1280, 375])('at %i px, keeps the switch and the contact field another manager saved', async (width) => {
    const start = (await harness.manager.get('/api/settings/page_permissions')).body.value;
    const reset = { assistant: { ...start.assistant, reports: false, products: false } };
    expect((await harness.manager.put('/api/settings/page_permissions', { value: reset })).status).toBe(200);
    await saveContact(initial);

    const { page } = await openSignedIn(harness, width);
    await navigate(page, 'settings', 'Settings');
    const switchFor = (key: string) =>
      page.locator(`[data-testid="permission-row"][data-page="${key}"]`).getByTestId('permission-switch');
    await expectVisible(switchFor('products'));
    await expectText(
      page.locator('[data-testid="contact-field"][data-field="phone"]').getByTestId('contact-value'),
      initial.phone,
    );

    // Another manager grants Reports and changes the phone number while this screen stays open.
    const granted = { assistant: { ...reset.assistant, reports: true } };
    expect((await harness.manager.put('/api/settings/page_permissions', { value: granted })).status).toBe(200);
    await saveContact({ ...initial, phone: '+2348029999999' });

    await switchFor('products').click();
    await expectToast(page, { title: 'Permissions updated', variant: 'default' });
    const permissions = (await harness.manager.get('/api/settings/page_permissions')).body.value.assistant;
    expect(permissions).toMatchObject({ reports: true, products: true });
    expect(await switchFor('reports').getAttribute('aria-checked')).toBe('true');

    const edit = await openContactEdit(page, 'email');
    await edit.locator('#contact-email').fill('orders@glow.ng');
    await edit.getByTestId('save-contact').click();
    await expectToast(page, { title: 'Contact information updated', variant: 'default' });
    expect(await contactNow()).toMatchObject({ email: 'orders@glow.ng', phone: '+2348029999999' });
  });

  it.each([1280, 375])(
    'at %i px, refuses an edit of the field another manager changed, saying so under it',
    async (width) => {
      await saveContact(initial);
      const { page } = await openSignedIn(harness, width);
      await navigate(page, 'settings', 'Settings');
      const address = page.locator('[data-testid="contact-field"][data-field="address"]').getByTestId('contact-value');
      await expectText(address, initial.address);

      await saveContact({ ...initial, address: '5 Broad Street, Lagos Island' });
      const edit = await openContactEdit(page, 'address');
      await edit.locator('#contact-address').fill('9 Marina Road, Lagos');
      await edit.getByTestId('save-contact').click();

      await expectToast(page, {
        title: 'Error',
        description: 'Failed to update contact information.',
        variant: 'destructive',
      });
      const field = edit.locator('#contact-address');
      await expectVisible(
        edit.getByText(
          'The address was changed by someone else meanwhile, to "5 Broad Street, Lagos Island". Check it and try again.',
        ),
      );
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      expect(await field.inputValue()).toBe('9 Marina Road, Lagos');
      await expectText(address, '5 Broad Street, Lagos Island');
      expect((await contactNow()).address).toBe('5 Broad Street, Lagos Island');
      await screenshot(page, 'settings-contact-changed-meanwhile', width, { fullPage: false });

      // Told, and saving again: this time it replaces theirs.
      await edit.getByTestId('save-contact').click();
      await expectToast(page, { title: 'Contact information updated', variant: 'default' });
      expect((await contactNow()).address).toBe('9 Marina Road, Lagos');
    },
  );
});
