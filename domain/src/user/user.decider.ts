import { MESSAGES, type DomainEvent, type DomainEventOf, type Role } from '@shop/contracts';
import { assertNever, type Decider } from '../shared/decider';
import { conflict, forbidden, notFound, unauthorized, validationError } from '../shared/domain-error';

export type UserState =
  | { readonly status: 'absent' }
  | {
      readonly status: 'active' | 'inactive' | 'deleted';
      readonly userId: string;
      readonly username: string;
      readonly role: Role;
      readonly passwordHash: string;
    };

export type UserCommand =
  | {
      readonly type: 'CreateUser';
      readonly userId: string;
      readonly username: string;
      readonly passwordHash: string;
      readonly role: Role;
      readonly permissions: Record<string, unknown>;
      readonly isActive: boolean;
    }
  | { readonly type: 'SetUserActive'; readonly userId: string; readonly isActive: boolean }
  | { readonly type: 'DeleteUser'; readonly userId: string }
  | {
      readonly type: 'ChangePassword';
      readonly userId: string;
      readonly passwordHash: string;
      /** The hash the caller's current password was checked against: refused when it is no longer the user's. */
      readonly currentHash: string;
    }
  | { readonly type: 'RecordSignIn'; readonly userId: string };

type UserEvent = DomainEventOf<
  'UserCreated' | 'UserActivationChanged' | 'UserDeleted' | 'UserPasswordChanged' | 'UserSignedIn'
>;
type ExistingUser = Extract<UserState, { userId: string }>;

export const MANAGER_ALWAYS_ACTIVE = 'A manager cannot be deactivated';

function requireExisting(state: UserState): ExistingUser {
  if (state.status === 'absent' || state.status === 'deleted') throw notFound(MESSAGES.userNotFound);
  return state;
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'CreateUser': {
      if (state.status !== 'absent') throw conflict(`User ${command.userId} already exists`);
      // Spec section 4: a manager is never inactive. One created inactive could never be activated nor deleted.
      if (command.role === 'manager' && !command.isActive) throw validationError(MANAGER_ALWAYS_ACTIVE);
      const { type: _type, ...data } = command;
      return [{ type: 'UserCreated', data: { ...data, permissions: { ...data.permissions } } }];
    }
    case 'SetUserActive': {
      const user = requireExisting(state);
      // Spec section 4: the toggle applies to assistants only; a manager cannot be deactivated. Asking
      // for an active manager is no change (or, for one stored inactive before CreateUser refused it, the way back).
      if (user.role === 'manager' && !command.isActive) throw forbidden(MANAGER_ALWAYS_ACTIVE);
      if ((user.status === 'active') === command.isActive) return [];
      return [{ type: 'UserActivationChanged', data: { userId: command.userId, isActive: command.isActive } }];
    }
    case 'DeleteUser': {
      const user = requireExisting(state);
      if (user.role === 'manager') throw forbidden('A manager cannot be deleted');
      return [{ type: 'UserDeleted', data: { userId: command.userId } }];
    }
    case 'ChangePassword': {
      const user = requireExisting(state);
      // Another change landed since the current password was checked: it is not current any more.
      if (user.passwordHash !== command.currentHash) throw forbidden(MESSAGES.wrongCurrentPassword);
      return [{ type: 'UserPasswordChanged', data: { userId: command.userId, passwordHash: command.passwordHash } }];
    }
    case 'RecordSignIn': {
      // Deleted or deactivated since the password was checked: refused as every sign-in is, so the
      // answer never tells that the username existed.
      if (state.status !== 'active') throw unauthorized(MESSAGES.invalidCredentials);
      return [{ type: 'UserSignedIn', data: { userId: command.userId } }];
    }
    default:
      return assertNever(command);
  }
}

export function evolveUser(state: UserState, event: DomainEvent): UserState {
  switch (event.type) {
    case 'UserCreated':
      return {
        status: event.data.isActive ? 'active' : 'inactive',
        userId: event.data.userId,
        username: event.data.username,
        role: event.data.role,
        passwordHash: event.data.passwordHash,
      };
    case 'UserActivationChanged':
      return state.status === 'absent' ? state : { ...state, status: event.data.isActive ? 'active' : 'inactive' };
    case 'UserDeleted':
      return state.status === 'absent' ? state : { ...state, status: 'deleted' };
    case 'UserPasswordChanged':
      return state.status === 'absent' ? state : { ...state, passwordHash: event.data.passwordHash };
    default:
      return state;
  }
}

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: () => ({ status: 'absent' }),
  decide: decideUser,
  evolve: evolveUser,
};

export const userStreamId = (userId: string) => `user-${userId}`;
