import { z } from 'zod';
import { storableString } from './text-fields';
import { ROLES } from '../catalogue';

export const loginInput = z.object({
  username: storableString('Username', { error: 'Username is required' }).trim().min(1, 'Username is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type LoginInput = z.infer<typeof loginInput>;

/** The signed-in user as the browser keeps it under the storage key `user`. Never a password field. */
export const sessionUser = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const AUTH_MESSAGES = {
  /** Sign-in or a password-gated call refused by the per-account or per-client limit (429, with Retry-After). */
  tooManyPasswordAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  /** More password checks waiting than the server takes on at once (429, with Retry-After). */
  passwordChecksBusy: 'The server is busy checking passwords. Please try again in a moment.',
  /** A session with LIMITS.maxRequestsWaitingPerSession requests already waiting their turn sent one more (429, Retry-After: 1). */
  tooManyRequestsAtOnce: 'Too many requests at once from this session. Please wait for them to finish and try again.',
} as const;
