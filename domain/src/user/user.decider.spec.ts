import type { DomainEvent } from '@shop/contracts';
import { fold } from '../shared/decider';
import { userDecider } from './user.decider';
import { usernameDecider } from './username-registry.decider';

const userId = '5a4b3c2d-1e0f-4a1b-9c8d-7e6f5a4b3c2d';
const created = (role: 'manager' | 'assistant'): DomainEvent => ({
  type: 'UserCreated',
  data: { userId, username: 'ada', passwordHash: 'h', role, permissions: {}, isActive: true },
});

describe('user decider', () => {
  it('deactivates an assistant, and records nothing when the state already matches', () => {
    const state = fold(userDecider, [created('assistant')]);
    expect(userDecider.decide({ type: 'SetUserActive', userId, isActive: false }, state)).toEqual([
      { type: 'UserActivationChanged', data: { userId, isActive: false } },
    ]);
    expect(userDecider.decide({ type: 'SetUserActive', userId, isActive: true }, state)).toEqual([]);
  });

  it('never deactivates or deletes a manager', () => {
    const state = fold(userDecider, [created('manager')]);
    expect(() => userDecider.decide({ type: 'SetUserActive', userId, isActive: false }, state)).toThrow(
      'A manager cannot be deactivated',
    );
    expect(() => userDecider.decide({ type: 'DeleteUser', userId }, state)).toThrow('A manager cannot be deleted');
    expect(userDecider.decide({ type: 'SetUserActive', userId, isActive: true }, state)).toEqual([]);
  });

  it('never creates an inactive manager, and lets one stored inactive be activated', () => {
    const data = { userId, username: 'ada', passwordHash: 'h', permissions: {} };
    const create = { type: 'CreateUser', ...data } as const;
    expect(() => userDecider.decide({ ...create, role: 'manager', isActive: false }, fold(userDecider, []))).toThrow(
      'A manager cannot be deactivated',
    );
    expect(userDecider.decide({ ...create, role: 'assistant', isActive: false }, fold(userDecider, []))).toHaveLength(
      1,
    );
    const inactive: DomainEvent = { type: 'UserCreated', data: { ...data, role: 'manager', isActive: false } };
    expect(
      userDecider.decide({ type: 'SetUserActive', userId, isActive: true }, fold(userDecider, [inactive])),
    ).toEqual([{ type: 'UserActivationChanged', data: { userId, isActive: true } }]);
  });

  it('keeps usernames unique until released', () => {
    const claimed = usernameDecider.decide(
      { type: 'ClaimUsername', username: 'ada', userId },
      fold(usernameDecider, []),
    );
    expect(() =>
      usernameDecider.decide({ type: 'ClaimUsername', username: 'ada', userId: 'x' }, fold(usernameDecider, claimed)),
    ).toThrow('Username ada is already taken');
    const released = usernameDecider.decide(
      { type: 'ReleaseUsername', username: 'ada', userId },
      fold(usernameDecider, claimed),
    );
    expect(fold(usernameDecider, [...claimed, ...released])).toEqual({ ownerUserId: null });
  });

  it("changes a password only while the hash the current password matched is still the user's", () => {
    const change = (passwordHash: string, currentHash: string) =>
      ({ type: 'ChangePassword', userId, passwordHash, currentHash }) as const;
    const state = fold(userDecider, [created('assistant')]);
    const changed = userDecider.decide(change('h2', 'h'), state);
    expect(changed).toEqual([{ type: 'UserPasswordChanged', data: { userId, passwordHash: 'h2' } }]);
    // A second change checked against the old password, decided after the first: no longer current.
    expect(() => userDecider.decide(change('h3', 'h'), fold(userDecider, [created('assistant'), ...changed]))).toThrow(
      expect.objectContaining({ code: 'forbidden', message: 'Current password is incorrect' }),
    );
    expect(userDecider.decide(change('h3', 'h2'), fold(userDecider, [created('assistant'), ...changed]))).toHaveLength(
      1,
    );
  });

  it('records a sign-in of an active user only, refusing any other with the one sign-in answer', () => {
    const signIn = { type: 'RecordSignIn', userId } as const;
    expect(userDecider.decide(signIn, fold(userDecider, [created('assistant')]))).toHaveLength(1);
    const gone: DomainEvent[][] = [
      [],
      [created('assistant'), { type: 'UserActivationChanged', data: { userId, isActive: false } }],
      [created('assistant'), { type: 'UserDeleted', data: { userId } }],
    ];
    for (const history of gone)
      expect(() => userDecider.decide(signIn, fold(userDecider, history))).toThrow(
        expect.objectContaining({ code: 'unauthorized', message: 'Invalid username or password' }),
      );
  });
});
