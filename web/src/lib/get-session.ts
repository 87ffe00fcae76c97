import type { SessionUser } from '@shop/contracts';
import { apiFetch } from './api-client';
import { parseSessionUser } from './session-user';

/**
 * GET /api/session: does the server still know the session behind the stored user? A 401 (answered
 * as an ApiError) means it does not. Not a query: the session provider calls it once at start-up,
 * before any query may run.
 */
export async function getSession(signal?: AbortSignal): Promise<SessionUser> {
  const response = await apiFetch<unknown>('/api/session', { signal, notifyUnauthorized: false });
  return parseSessionUser(response);
}
