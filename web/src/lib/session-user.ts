import { ROLES, type SessionUser } from '@shop/contracts';

/**
 * The contracts' `sessionUser` shape checked without zod: the session is read on every start-up,
 * before any screen, so this keeps zod out of the first load (the sign-in page and the dashboard).
 * Only id, username and role are kept, as `sessionUser.parse` keeps them. tests/web/session-user.spec.ts
 * holds it to the schema.
 */
export function toSessionUser(value: unknown): SessionUser | null {
  if (!value || typeof value !== 'object') return null;
  const { id, username, role } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof username !== 'string') return null;
  const knownRole = ROLES.find((candidate) => candidate === role);
  return knownRole ? { id, username, role: knownRole } : null;
}

/** A server answer that must be a session user. */
export function parseSessionUser(value: unknown): SessionUser {
  const user = toSessionUser(value);
  if (!user) throw new Error('The server answered with an unexpected user');
  return user;
}
