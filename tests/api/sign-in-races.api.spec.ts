import { useTestApp } from './support/use-test-app';

/**
 * Sign-ins of an assistant while a manager deletes or deactivates them. A sign-in is refused with
 * one answer whatever the reason (an unknown username, a wrong password, an inactive user), so
 * usernames cannot be probed: one that lost the race to the deletion must answer it too. Before, it
 * answered 404 'User not found' (the record of the sign-in found the user gone).
 */
describe('sign-in racing the deletion or deactivation of its user', () => {
  const app = useTestApp();

  it.each(['deleted', 'deactivated'] as const)(
    'answers 200 or the sign-in refusal, never another status, when the user is %s meanwhile',
    async (ending) => {
      const answers = new Map<string, number>();
      for (let round = 0; round < 4; round++) {
        const username = `${ending}${round}`;
        const { body: user } = await app.manager.post('/api/users', { username, password: 'leaving-1' });
        const signIns = Array.from({ length: 6 }, async (_, index) => {
          await new Promise((resolve) => setTimeout(resolve, index * 15));
          return app.client().post('/api/login', { username, password: 'leaving-1' });
        });
        const end = new Promise((resolve) => setTimeout(resolve, 40)).then(() =>
          ending === 'deleted'
            ? app.manager.delete(`/api/users/${user.id}`)
            : app.manager.put(`/api/users/${user.id}`, { isActive: false }),
        );
        const [ended, ...signedIn] = await Promise.all([end, ...signIns]);
        expect([200, 204]).toContain(ended.status);
        for (const answer of signedIn) {
          const key = `${answer.status} ${answer.status === 200 ? '' : JSON.stringify(answer.body)}`;
          answers.set(key, (answers.get(key) ?? 0) + 1);
        }
      }
      const refusal = `401 ${JSON.stringify({ message: 'Invalid username or password', title: 'Login Failed' })}`;
      expect([...answers.keys()].filter((key) => key !== '200 ' && key !== refusal)).toEqual([]);
    },
  );
});
