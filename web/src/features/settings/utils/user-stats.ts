import type { User } from '@shop/contracts';

export type UserCounts = { total: number; managers: number; activeAssistants: number };

export const activeAssistants = (users: readonly User[]): User[] =>
  users.filter((user) => user.role === 'assistant' && user.isActive);

export function countUsers(users: readonly User[]): UserCounts {
  return {
    total: users.length,
    managers: users.filter((user) => user.role === 'manager').length,
    activeAssistants: activeAssistants(users).length,
  };
}

/** Managers first, then by username, so the list does not jump around after an update. */
export const byRoleThenName = (a: User, b: User): number =>
  a.role === b.role ? a.username.localeCompare(b.username) : a.role === 'manager' ? -1 : 1;
