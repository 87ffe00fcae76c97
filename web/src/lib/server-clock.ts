/**
 * The server's clock as one answer told it (SERVER_TIME_HEADER): its time, and how far it runs ahead
 * of this browser's clock (ms; negative when the browser is ahead). The offline till stamps its sales
 * with browser time + offset, so a till whose clock was set wrong is not refused for it.
 */
export type ServerClock = { serverTime: string; offsetMs: number };

/**
 * The contracts' `serverTimeHeader` checked without zod (the products are read on the first load of
 * the dashboard); tests/web/server-clock.spec.ts holds it to the schema.
 */
const ISO_TO_THE_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}(Z|[+-]\d{2}:\d{2})$/;

/**
 * The offset from one answer: the server read its clock somewhere between the request leaving
 * (`sentAt`) and the answer arriving (`receivedAt`), both this browser's Date.now(); the midpoint is
 * the best guess (off by at most half the round trip). Null when the header is absent or malformed.
 */
export function readServerClock(header: string | null, sentAt: number, receivedAt: number): ServerClock | null {
  const serverMs = header && ISO_TO_THE_MS.test(header) ? Date.parse(header) : NaN;
  if (!Number.isFinite(serverMs)) return null;
  return { serverTime: new Date(serverMs).toISOString(), offsetMs: Math.round(serverMs - (sentAt + receivedAt) / 2) };
}

/** The server's time now, by this browser's clock and a known offset. */
export const serverNow = (offsetMs: number, browserNow: number = Date.now()): Date => new Date(browserNow + offsetMs);

/** A server time back on this browser's clock (ms), to compare with times this browser took. */
export const toBrowserTime = (serverTime: string, offsetMs: number): number => Date.parse(serverTime) - offsetMs;
