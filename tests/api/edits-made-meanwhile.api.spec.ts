import { useTestApp } from './support/use-test-app';
import type { ApiClient } from './support/api-client';

/**
 * Two managers on the Settings screen at once: each screen sends a whole value built from what it
 * read. Sent with what it read (`basedOn`, as the web app does), only what that screen changed is
 * saved, so neither undoes the other's save; an edit of the same contact field both changed is
 * refused (409) and stores nothing. Without `basedOn` (the spec's bare call) the value is saved whole.
 */
describe('edits made meanwhile by another manager are kept', () => {
  const app = useTestApp();
  let first: ApiClient;
  let second: ApiClient;
  const contact = {
    email: 'hello@glow.ng',
    phone: '+234 801 000 0001',
    whatsapp: '+234 801 000 0002',
    address: '1 Allen Avenue, Ikeja',
  };

  beforeAll(async () => {
    first = app.manager;
    second = await app.signIn('manager', app.managerPassword);
    const saved = await first.put('/api/contact-info', { ...contact, password: app.managerPassword });
    expect(saved.status).toBe(200);
  });

  it('keeps the page switch another manager turned while this screen was open', async () => {
    const read = (await first.get('/api/settings/page_permissions')).body.value;
    const readToo = (await second.get('/api/settings/page_permissions')).body.value;
    expect(read.assistant.reports).toBe(false);
    expect(read.assistant.products).toBe(false);

    const turnedReports = { assistant: { ...read.assistant, reports: true } };
    expect((await first.put('/api/settings/page_permissions', { value: turnedReports, basedOn: read })).status).toBe(
      200,
    );
    const turnedProducts = { assistant: { ...readToo.assistant, products: true } };
    const answer = await second.put('/api/settings/page_permissions', { value: turnedProducts, basedOn: readToo });

    expect(answer.status).toBe(200);
    expect(answer.body.value.assistant).toMatchObject({ reports: true, products: true });
    const now = (await first.get('/api/settings/page_permissions')).body.value.assistant;
    expect(now).toMatchObject({ reports: true, products: true });
  });

  it('saves the whole object as sent when no basedOn comes with it (spec section 7)', async () => {
    const read = (await first.get('/api/settings/page_permissions')).body.value;
    const value = { assistant: { ...read.assistant, reports: false, products: false } };
    const answer = await second.put('/api/settings/page_permissions', { value });
    expect(answer.status).toBe(200);
    expect(answer.body.value.assistant).toMatchObject({ reports: false, products: false });
  });

  it('keeps the contact field another manager saved while this edit was open', async () => {
    const read = (await first.get('/api/contact-info')).body;
    const basedOn = { email: read.email, phone: read.phone, whatsapp: read.whatsapp, address: read.address };
    const phone = '+234 802 222 2222';
    expect(
      (await second.put('/api/contact-info', { ...basedOn, phone, basedOn, password: app.managerPassword })).status,
    ).toBe(200);

    const email = 'orders@glow.ng';
    const answer = await first.put('/api/contact-info', { ...basedOn, email, basedOn, password: app.managerPassword });

    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email, phone });
    expect((await second.get('/api/contact-info')).body).toMatchObject({ email, phone });
  });

  it('refuses with 409 an edit of a field another manager changed to something else, storing nothing', async () => {
    const read = (await first.get('/api/contact-info')).body;
    const basedOn = { email: read.email, phone: read.phone, whatsapp: read.whatsapp, address: read.address };
    const theirs = '5 Broad Street, Lagos Island';
    expect(
      (await second.put('/api/contact-info', { ...basedOn, address: theirs, basedOn, password: app.managerPassword }))
        .status,
    ).toBe(200);
    const events = (await first.get('/api/audit')).body;

    const refused = await first.put('/api/contact-info', {
      ...basedOn,
      address: '9 Marina Road, Lagos',
      basedOn,
      password: app.managerPassword,
    });

    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      message:
        'The address was changed by someone else meanwhile, to "5 Broad Street, Lagos Island". Check it and try again.',
    });
    expect((await first.get('/api/contact-info')).body.address).toBe(theirs);
    expect((await first.get('/api/audit')).body).toEqual(events);
  });

  it('refuses a basedOn that is not the shape of what it stands for (400, nothing stored)', async () => {
    const answer = await first.put('/api/settings/page_permissions', {
      value: { assistant: { reports: true } },
      basedOn: { assistant: { nowhere: true } },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/Unknown page "nowhere"/);
  });
});
