import { useTestApp } from './support/use-test-app';

describe('staff administration and contact details, enforced by the server', () => {
  const app = useTestApp();
  let managerId: string;

  beforeAll(async () => {
    managerId = (await app.manager.get('/api/session')).body.id;
  });

  describe('users', () => {
    it('deletes an assistant: sessions end, the username is free again, a manager cannot be deleted', async () => {
      const { body: user } = await app.manager.post('/api/users', { username: 'efe', password: 'efe-secret-1' });
      const assistant = await app.signIn('efe', 'efe-secret-1');
      expect((await app.manager.delete(`/api/users/${user.id}`)).status).toBe(204);
      expect((await assistant.get('/api/dashboard/metrics')).status).toBe(401);
      expect((await app.manager.get('/api/users')).body.some((row: { id: string }) => row.id === user.id)).toBe(false);
      expect((await app.manager.delete(`/api/users/${user.id}`)).status).toBe(404);
      expect((await app.manager.post('/api/users', { username: 'efe', password: 'another-secret' })).status).toBe(201);
      expect(await app.manager.delete(`/api/users/${managerId}`)).toMatchObject({
        status: 403,
        body: { message: 'A manager cannot be deleted' },
      });
    });

    it('changes a manager password only with the current one and at least 8 characters', async () => {
      const { body: second } = await app.manager.post('/api/users', {
        username: 'boss2',
        password: 'boss2-secret',
        role: 'manager',
      });
      const other = await app.signIn('boss2', 'boss2-secret');
      const path = `/api/users/${second.id}/change-password`;
      expect(await app.manager.put(path, { currentPassword: 'boss2-secret', newPassword: 'short' })).toMatchObject({
        status: 400,
        body: { message: 'Password must be at least 8 characters long' },
      });
      expect(await app.manager.put(path, { currentPassword: '', newPassword: 'long-enough-1' })).toMatchObject({
        status: 400,
        body: { message: 'Please fill in all password fields' },
      });
      expect(await app.manager.put(path, { currentPassword: 'wrong-one', newPassword: 'long-enough-1' })).toMatchObject(
        {
          status: 403,
          body: { message: 'Current password is incorrect' },
        },
      );
      expect(
        (await app.manager.put(path, { currentPassword: 'boss2-secret', newPassword: 'long-enough-1' })).status,
      ).toBe(204);
      // Another user's password changed: their sessions end; the new password works, the old does not.
      expect((await other.get('/api/users')).status).toBe(401);
      expect((await app.client().post('/api/login', { username: 'boss2', password: 'boss2-secret' })).status).toBe(401);
      const again = await app.signIn('boss2', 'long-enough-1');
      // Changing your own password keeps your own session.
      expect(
        (
          await again.put(`/api/users/${second.id}/change-password`, {
            currentPassword: 'long-enough-1',
            newPassword: 'longer-still-2',
          })
        ).status,
      ).toBe(204);
      expect((await again.get('/api/users')).status).toBe(200);
      expect(
        (
          await app.manager.put('/api/users/00000000-0000-4000-8000-000000000000/change-password', {
            currentPassword: 'x',
            newPassword: 'long-enough-1',
          })
        ).status,
      ).toBe(404);
    });

    // Spec section 7: the staff screen sends `userData, for example isActive`, and its only edit is the
    // active switch. Other fields are ignored, as every route ignores fields it does not take.
    it('changes only isActive on PUT /api/users/{id}: other fields are ignored, a missing isActive refused', async () => {
      const { body: user } = await app.manager.post('/api/users', { username: 'gozie', password: 'gozie-secret-1' });
      const updated = await app.manager.put(`/api/users/${user.id}`, {
        isActive: false,
        role: 'manager',
        username: 'renamed',
        permissions: { anything: true },
        password: 'new-secret-1',
        colour: 'teal',
      });
      expect(updated).toMatchObject({
        status: 200,
        body: { id: user.id, username: 'gozie', role: 'assistant', permissions: {}, isActive: false },
      });
      expect(updated.body).not.toHaveProperty('colour');
      expect(
        (await app.manager.put(`/api/users/${user.id}`, { isActive: true, password: 'new-secret-1' })).status,
      ).toBe(200);
      expect((await app.client().post('/api/login', { username: 'gozie', password: 'gozie-secret-1' })).status).toBe(
        200,
      );
      expect(await app.manager.put(`/api/users/${user.id}`, { role: 'manager' })).toMatchObject({
        status: 400,
        body: { message: 'isActive must be true or false' },
      });
    });

    it('keeps user administration for managers', async () => {
      await app.manager.post('/api/users', { username: 'femi', password: 'femi-secret-1' });
      const assistant = await app.signIn('femi', 'femi-secret-1');
      expect((await assistant.post('/api/users', { username: 'x', password: 'x-secret-12' })).status).toBe(403);
      expect((await assistant.delete(`/api/users/${managerId}`)).status).toBe(403);
      expect(
        (
          await assistant.put(`/api/users/${managerId}/change-password`, {
            currentPassword: app.managerPassword,
            newPassword: 'hijack-123',
          })
        ).status,
      ).toBe(403);
    });
  });

  describe('contact info', () => {
    const contact = {
      email: 'hello@glow.ng',
      phone: '+234 801 234 5678',
      whatsapp: '+2348012345678',
      address: '12 Admiralty Way, Lekki, Lagos',
    };

    it('is unset at first, then requires the manager’s own password checked by the server', async () => {
      expect(await app.manager.get('/api/contact-info')).toMatchObject({
        status: 200,
        body: { email: '', phone: '', whatsapp: '', address: '', updatedAt: null },
      });
      const before = await app.snapshot();
      // A client that skips the browser's password gate is still refused.
      expect(await app.manager.put('/api/contact-info', contact)).toMatchObject({
        status: 400,
        body: { message: 'Password Required' },
      });
      expect(await app.manager.put('/api/contact-info', { ...contact, password: 'demo123' })).toMatchObject({
        status: 403,
        body: { message: 'Invalid Password' },
      });
      expect(await app.manager.post('/api/contact-info/verify-password', { password: 'nope' })).toMatchObject({
        status: 403,
        body: { message: 'Invalid Password' },
      });
      expect(await app.snapshot()).toEqual(before);

      expect(
        (await app.manager.post('/api/contact-info/verify-password', { password: app.managerPassword })).status,
      ).toBe(204);
      const saved = await app.manager.put('/api/contact-info', { ...contact, password: app.managerPassword });
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject(contact);
      expect(saved.text).not.toMatch(/password/);
      expect((await app.manager.get('/api/contact-info')).body).toMatchObject(contact);
    });

    it('validates all four fields', async () => {
      const password = app.managerPassword;
      const cases: Array<[Record<string, string>, string]> = [
        [{ ...contact, email: '' }, 'Please enter a valid value.'],
        [{ ...contact, email: 'not-an-email' }, 'Please enter a valid email address'],
        [{ ...contact, phone: '0801 234 5678' }, 'Phone must be in international format, e.g. +234 801 234 5678'],
        [{ ...contact, whatsapp: ' ' }, 'Please enter a valid value.'],
        [{ ...contact, address: '' }, 'Please enter a valid value.'],
      ];
      for (const [body, message] of cases) {
        expect(await app.manager.put('/api/contact-info', { ...body, password })).toMatchObject({
          status: 400,
          body: { message },
        });
      }
    });

    it('lets any signed-in user read it but only a manager change it', async () => {
      await app.manager.post('/api/users', { username: 'gbenga', password: 'gbenga-secret' });
      const assistant = await app.signIn('gbenga', 'gbenga-secret');
      expect((await assistant.get('/api/contact-info')).status).toBe(200);
      expect((await assistant.put('/api/contact-info', { ...contact, password: 'gbenga-secret' })).status).toBe(403);
      expect((await app.client().get('/api/contact-info')).status).toBe(401);
    });
  });
});
