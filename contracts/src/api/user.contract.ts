import { z } from 'zod';
import { storableString } from './text-fields';
import { ROLES } from '../catalogue';

/** The spec's floor for a new password (spec 7, "Minimum new password length 8"): new users and password changes alike. */
export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;

export const createUserInput = z.object({
  username: storableString('Username', { error: 'Username is required' }).trim().min(1, 'Username is required').max(100, 'Username is too long'),
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
    .max(200, 'Password is too long'),
  role: z.enum(ROLES, { error: "Role must be 'manager' or 'assistant'" }).default('assistant'),
  permissions: z.record(z.string(), z.unknown()).default({}),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
});
export type CreateUserInput = z.input<typeof createUserInput>;

export const updateUserInput = z
  .object({ isActive: z.boolean({ error: 'isActive must be true or false' }) })
  .strict();
export type UpdateUserInput = z.infer<typeof updateUserInput>;

export const userResponse = z.object({
  id: z.string(),
  username: z.string(),
  role: z.enum(ROLES),
  permissions: z.record(z.string(), z.unknown()),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userResponse>;

export const changePasswordInput = z.object({
  currentPassword: z
    .string({ error: 'Please fill in all password fields' })
    .min(1, 'Please fill in all password fields'),
  newPassword: z
    .string({ error: 'Please fill in all password fields' })
    .min(1, 'Please fill in all password fields')
    .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
    .max(200, 'Password is too long'),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const verifyPasswordInput = z.object({
  password: z.string({ error: 'Password Required' }).min(1, 'Password Required'),
});
