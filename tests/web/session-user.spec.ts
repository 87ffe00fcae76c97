import fc from 'fast-check';
import { sessionUser } from '@shop/contracts';
import { toSessionUser } from '../../web/src/lib/session-user';

// The web app checks the session user without zod (to keep zod out of its first load); it must
// accept and keep exactly what the contract's schema accepts and keeps.
describe('toSessionUser', () => {
  const agrees = (value: unknown) => {
    const parsed = sessionUser.safeParse(value);
    expect(toSessionUser(value)).toEqual(parsed.success ? parsed.data : null);
  };

  it('agrees with the sessionUser schema on users, near-users and other values', () => {
    const role = fc.oneof(fc.constantFrom('manager', 'assistant', 'Manager', ''), fc.anything());
    const field = fc.oneof(fc.string(), fc.anything());
    fc.assert(
      fc.property(fc.record({ id: field, username: field, role, password: fc.string() }, { requiredKeys: [] }), agrees),
    );
    fc.assert(fc.property(fc.anything(), agrees));
  });

  it('keeps only id, username and role', () => {
    expect(toSessionUser({ id: 'u1', username: 'ada', role: 'manager', password: 'secret' })).toEqual({
      id: 'u1',
      username: 'ada',
      role: 'manager',
    });
  });
});
