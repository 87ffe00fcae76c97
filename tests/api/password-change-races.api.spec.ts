import { useTestApp } from './support/use-test-app';
import type { ApiClient } from './support/api-client';

/**
 * Changes of one user's password sent at the same moment, each with the password that was current
 * when it was sent (two managers, or a double click). Only one can have been made with the current
 * password: the others find it changed and are refused as a wrong current password, as they would
 * be one after the other. Before, every one answered 204 "Password changed" and only the last new
 * password worked.
 */
describe('password changes at the same moment', () => {
  const app = useTestApp();

  const signInStatus = async (username: string, password: string) =>
    (await app.client().post('/api/login', { username, password })).status;

  it('records one change made with the current password; the rest are refused and their passwords never work', async () => {
    const { body: user } = await app.manager.post('/api/users', { username: 'ngozi', password: 'ngozi-old-1' });
    const wanted = ['ngozi-new-a', 'ngozi-new-b', 'ngozi-new-c', 'ngozi-new-d'];
    const answers = await Promise.all(
      wanted.map((newPassword) =>
        app.manager.put(`/api/users/${user.id}/change-password`, { currentPassword: 'ngozi-old-1', newPassword }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([204, 403, 403, 403]);
    for (const refused of answers.filter((answer) => answer.status !== 204))
      expect(refused.body).toEqual({ message: 'Current password is incorrect' });

    const changedTo = wanted[answers.findIndex((answer) => answer.status === 204)]!;
    expect(await signInStatus('ngozi', changedTo)).toBe(200);
    for (const password of [...wanted.filter((other) => other !== changedTo), 'ngozi-old-1'])
      expect(await signInStatus('ngozi', password)).toBe(401);
  });

  it('a change after the race is decided on the password then current', async () => {
    const { body: user } = await app.manager.post('/api/users', { username: 'tunde', password: 'tunde-old-1' });
    const path = `/api/users/${user.id}/change-password`;
    expect((await app.manager.put(path, { currentPassword: 'tunde-old-1', newPassword: 'tunde-new-1' })).status).toBe(
      204,
    );
    expect((await app.manager.put(path, { currentPassword: 'tunde-old-1', newPassword: 'tunde-new-2' })).status).toBe(
      403,
    );
    expect((await app.manager.put(path, { currentPassword: 'tunde-new-1', newPassword: 'tunde-new-2' })).status).toBe(
      204,
    );
    expect(await signInStatus('tunde', 'tunde-new-2')).toBe(200);
  });

  it('no sign-in with the old password outlives the change, even one that was checked just before it', async () => {
    const alive: string[] = [];
    for (let round = 0; round < 3; round++) {
      const username = `kemi${round}`;
      const { body: user } = await app.manager.post('/api/users', { username, password: 'kemi-old-1' });
      let changing = true;
      const change = app.manager
        .put(`/api/users/${user.id}/change-password`, { currentPassword: 'kemi-old-1', newPassword: 'kemi-new-1' })
        .finally(() => (changing = false));
      // Sign-ins with the old password one after another while the change runs (within the account's
      // attempt budget): the one under way when the change is recorded was checked before it.
      const clients: ApiClient[] = [];
      while (changing && clients.length < 8) {
        const client = app.client();
        clients.push(client);
        expect([200, 401]).toContain((await client.post('/api/login', { username, password: 'kemi-old-1' })).status);
      }
      expect((await change).status).toBe(204);
      for (const [index, client] of clients.entries())
        if ((await client.get('/api/session')).status !== 401) alive.push(`${username} sign-in ${index}`);
    }
    expect(alive).toEqual([]);
  });
});
