import type { SessionUser } from '@shop/contracts';

/** The sign-in and session schemas of the contracts, fetched on first use (see auth-schemas.ts). */
export const loadAuthSchemas = () => import('./auth-schemas');

export async function parseSessionUser(value: unknown): Promise<SessionUser> {
  return (await loadAuthSchemas()).sessionUser.parse(value);
}
