import { ApiError, apiFetch } from './api-client';

/**
 * A sign-out the server has not heard of yet (made offline, or its call failed): kept in the browser
 * so it is sent before anything else, whenever the connection returns or the app next starts. Until
 * then the HttpOnly session cookie still names the previous user, and nothing may use it.
 */
export const PENDING_SIGN_OUT_KEY = 'signOutPending';

let sending: Promise<void> | null = null;

export const hasPendingSignOut = (): boolean => window.localStorage.getItem(PENDING_SIGN_OUT_KEY) !== null;

/** Notes the sign-out as owed to the server, then tries to send it at once. */
export function requestServerSignOut(): Promise<void> {
  window.localStorage.setItem(PENDING_SIGN_OUT_KEY, new Date().toISOString());
  return sendPendingSignOut().catch(() => undefined);
}

/**
 * Sends the owed sign-out (POST /api/logout), once, however many callers wait for it. Resolves when
 * there is none left to send; rejects while the server cannot be reached (the sign-out stays owed).
 */
export function sendPendingSignOut(): Promise<void> {
  if (!hasPendingSignOut()) return Promise.resolve();
  sending ??= apiFetch<void>('/api/logout', { method: 'POST', notifyUnauthorized: false })
    .catch((error: unknown) => {
      // The server answered (a 4xx: no such session): nothing more to end there. No answer or a
      // server fault: it stays owed and is sent again later.
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
    })
    .then(() => window.localStorage.removeItem(PENDING_SIGN_OUT_KEY))
    .finally(() => {
      sending = null;
    });
  return sending;
}
