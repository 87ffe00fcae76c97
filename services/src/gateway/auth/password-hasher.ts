import { availableParallelism } from 'node:os';
import * as argon2 from 'argon2';
import { AUTH_MESSAGES } from '@shop/contracts';
import { TooManyRequests } from '../http/too-many-requests';
import { ConcurrencyGate, GateFull } from './concurrency-gate';

/**
 * argon2 is memory- and CPU-hard by design: 80 parallel sign-ins once stalled every other request
 * for seconds. Hashes and verifications take turns: half the cores at most (1 on 2 cores), so the
 * rest of the server stays responsive; a short line waits (about a second or two of work), and
 * beyond it the caller gets 429 with Retry-After at once instead of piling up.
 */
export const PASSWORD_HASHING_CONCURRENCY = Math.max(1, Math.min(4, Math.floor(availableParallelism() / 2)));
export const PASSWORD_HASHING_MAX_WAITING = 16;
const gate = new ConcurrencyGate(PASSWORD_HASHING_CONCURRENCY, PASSWORD_HASHING_MAX_WAITING);
const RETRY_AFTER_SECONDS = 1;

async function gated<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await gate.run(task);
  } catch (error) {
    if (error instanceof GateFull) throw new TooManyRequests(AUTH_MESSAGES.passwordChecksBusy, RETRY_AFTER_SECONDS);
    throw error;
  }
}

/** argon2id with the library's defaults (OWASP-recommended memory-hard parameters). */
export const hashPassword = (password: string): Promise<string> =>
  gated(() => argon2.hash(password, { type: argon2.argon2id }));

// A fixed hash to verify against when the username is unknown, so a miss costs as long as a hit.
let decoyHash: Promise<string> | null = null;

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) {
    decoyHash ??= argon2.hash('decoy-password-for-timing', { type: argon2.argon2id });
    const decoy = await decoyHash;
    await gated(() => argon2.verify(decoy, password));
    return false;
  }
  return gated(async () => {
    try {
      return await argon2.verify(hash, password);
    } catch {
      return false;
    }
  });
}
