import { MESSAGES, type DomainEvent, type DomainEventOf } from '@shop/contracts';
import { assertNever, type Decider } from '../shared/decider';
import { conflict } from '../shared/domain-error';

/** One stream per username, claimed atomically with UserCreated: usernames stay unique under concurrency. */
export type UsernameState = { readonly ownerUserId: string | null };

export type UsernameCommand =
  | { readonly type: 'ClaimUsername'; readonly username: string; readonly userId: string }
  | { readonly type: 'ReleaseUsername'; readonly username: string; readonly userId: string };

type UsernameEvent = DomainEventOf<'UsernameClaimed' | 'UsernameReleased'>;

export function decideUsername(command: UsernameCommand, state: UsernameState): UsernameEvent[] {
  switch (command.type) {
    case 'ClaimUsername':
      if (state.ownerUserId !== null) throw conflict(MESSAGES.usernameTaken(command.username));
      return [{ type: 'UsernameClaimed', data: { username: command.username, userId: command.userId } }];
    case 'ReleaseUsername':
      if (state.ownerUserId !== command.userId) return [];
      return [{ type: 'UsernameReleased', data: { username: command.username, userId: command.userId } }];
    default:
      return assertNever(command);
  }
}

export function evolveUsername(state: UsernameState, event: DomainEvent): UsernameState {
  switch (event.type) {
    case 'UsernameClaimed':
      return { ownerUserId: event.data.userId };
    case 'UsernameReleased':
      return { ownerUserId: null };
    default:
      return state;
  }
}

export const usernameDecider: Decider<UsernameCommand, UsernameState, UsernameEvent> = {
  initialState: () => ({ ownerUserId: null }),
  decide: decideUsername,
  evolve: evolveUsername,
};

export const usernameStreamId = (username: string) => `username-${username.trim().toLowerCase()}`;
