import type { DomainEvent } from '@shop/contracts';
import { fold } from '../shared/decider';
import { DeciderSpecification } from '../testing/decider-specification';
import { userDecider } from './user.decider';
import { usernameDecider } from './username-registry.decider';

const userId = '5a4b3c2d-1e0f-4a1b-9c8d-7e6f5a4b3c2d';
const created = (role: 'manager' | 'assistant'): DomainEvent => ({
  type: 'UserCreated',
  data: { userId, username: 'ada', passwordHash: 'h', role, permissions: {}, isActive: true },
});

const given = DeciderSpecification.for(userDecider);
const givenUsername = DeciderSpecification.for(usernameDecider);

describe('user decider', () => {
  it('deactivates an assistant, and records nothing when the state already matches', () => {
    given(created('assistant'))
      .when({ type: 'SetUserActive', userId, isActive: false })
      .then([{ type: 'UserActivationChanged', data: { userId, isActive: false } }]);
    given(created('assistant')).when({ type: 'SetUserActive', userId, isActive: true }).thenNothing();
  });

  it('never deactivates or deletes a manager', () => {
    given(created('manager'))
      .when({ type: 'SetUserActive', userId, isActive: false })
      .thenRefused('forbidden', 'A manager cannot be deactivated');
    given(created('manager'))
      .when({ type: 'DeleteUser', userId })
      .thenRefused('forbidden', 'A manager cannot be deleted');
    given(created('manager')).when({ type: 'SetUserActive', userId, isActive: true }).thenNothing();
  });

  it('never creates an inactive manager, and lets one stored inactive be activated', () => {
    const data = { userId, username: 'ada', passwordHash: 'h', permissions: {} };
    const create = { type: 'CreateUser', ...data } as const;
    given()
      .when({ ...create, role: 'manager', isActive: false })
      .thenRefused('validation', 'A manager cannot be deactivated');
    expect(
      given()
        .when({ ...create, role: 'assistant', isActive: false })
        .events(),
    ).toHaveLength(1);
    const inactive: DomainEvent = { type: 'UserCreated', data: { ...data, role: 'manager', isActive: false } };
    given(inactive)
      .when({ type: 'SetUserActive', userId, isActive: true })
      .then([{ type: 'UserActivationChanged', data: { userId, isActive: true } }]);
  });

  it('keeps usernames unique until released', () => {
    const claimed = givenUsername().when({ type: 'ClaimUsername', username: 'ada', userId }).events();
    givenUsername(...claimed)
      .when({ type: 'ClaimUsername', username: 'ada', userId: 'x' })
      .thenRefused('conflict', 'Username ada is already taken');
    const released = givenUsername(...claimed)
      .when({ type: 'ReleaseUsername', username: 'ada', userId })
      .events();
    expect(fold(usernameDecider, [...claimed, ...released])).toEqual({ ownerUserId: null });
  });

  it("changes a password only while the hash the current password matched is still the user's", () => {
    const change = (passwordHash: string, currentHash: string) =>
      ({ type: 'ChangePassword', userId, passwordHash, currentHash }) as const;
    const changed: DomainEvent[] = [{ type: 'UserPasswordChanged', data: { userId, passwordHash: 'h2' } }];
    given(created('assistant')).when(change('h2', 'h')).then(changed);
    // A second change checked against the old password, decided after the first: no longer current.
    given(created('assistant'), ...changed)
      .when(change('h3', 'h'))
      .thenRefused('forbidden', 'Current password is incorrect');
    expect(
      given(created('assistant'), ...changed)
        .when(change('h3', 'h2'))
        .events(),
    ).toHaveLength(1);
  });

  it('records a sign-in of an active user only, refusing any other with the one sign-in answer', () => {
    const signIn = { type: 'RecordSignIn', userId } as const;
    expect(given(created('assistant')).when(signIn).events()).toHaveLength(1);
    const gone: DomainEvent[][] = [
      [],
      [created('assistant'), { type: 'UserActivationChanged', data: { userId, isActive: false } }],
      [created('assistant'), { type: 'UserDeleted', data: { userId } }],
    ];
    for (const history of gone)
      given(...history)
        .when(signIn)
        .thenRefused('unauthorized', 'Invalid username or password');
  });
});
