import { z } from 'zod';
import { charCount, storableString } from './text-fields';
import { ROLES } from '../catalogue';

/** The spec's floor for a new password (spec 7, "Minimum new password length 8"): new users and password changes alike. */
export const MIN_PASSWORD_LENGTH = 8;
export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;

/** Spec section 5's texts for the user forms ('Add user', 'Change password'), sent as they are. */
export const USER_FORM_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  passwordFields: 'Please fill in all password fields',
  passwordsDiffer: "Passwords don't match",
  passwordTooShort: PASSWORD_TOO_SHORT,
} as const;

const { requiredFields, passwordFields } = USER_FORM_MESSAGES;

/** The per-user permissions object (spec: "its use is not shown"): kept, but no larger than this as JSON. */
export const MAX_PERMISSIONS_JSON = 4_096;

const fitsAsJson = (value: unknown, limit: number): boolean => {
  try {
    return JSON.stringify(value).length <= limit;
  } catch {
    return false; // nested too deep to write out
  }
};

/** Spec 'Add user': username and password are required, otherwise 'Please fill in all required fields'. */
export const createUserInput = z.object({
  username: storableString('Username', { error: requiredFields })
    .trim()
    .min(1, requiredFields)
    .max(100, 'Username is too long'),
  password: z
    .string({ error: requiredFields })
    .min(1, requiredFields)
    .min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT)
    .max(200, 'Password is too long'),
  role: z.enum(ROLES, { error: "Role must be 'manager' or 'assistant'" }).default('assistant'),
  permissions: z
    .record(z.string(), z.unknown(), { error: 'Permissions must be an object' })
    .refine((value) => fitsAsJson(value, MAX_PERMISSIONS_JSON), 'Permissions are too large')
    .default({}),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
});
export type CreateUserInput = z.input<typeof createUserInput>;

/**
 * PUT /api/users/{id}. Spec section 7 sends "userData, for example isActive", and the staff screen's only
 * edit is the active switch (section 6), so isActive is the one field; any other (username, role,
 * password, ...) is ignored, as every route ignores fields it does not take. The password has its own call.
 */
export const updateUserInput = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });
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

/**
 * Spec 'Change password', in its order: every field filled in, the confirmation equal to the new
 * password, then at least 8 characters. `confirmPassword` is the form's third field: the web client
 * checks it itself and does not send it, so it may be left out; when sent, it must match.
 */
export const changePasswordInput = z
  .object({
    currentPassword: z.string({ error: passwordFields }).min(1, passwordFields),
    newPassword: z.string({ error: passwordFields }).min(1, passwordFields).max(200, 'Password is too long'),
    confirmPassword: z.string({ error: passwordFields }).min(1, passwordFields).optional(),
  })
  .superRefine((input, context) => {
    if (input.confirmPassword !== undefined && input.confirmPassword !== input.newPassword)
      context.addIssue({ code: 'custom', path: ['confirmPassword'], message: USER_FORM_MESSAGES.passwordsDiffer });
    else if (charCount(input.newPassword) < MIN_PASSWORD_LENGTH)
      context.addIssue({ code: 'custom', path: ['newPassword'], message: PASSWORD_TOO_SHORT });
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const verifyPasswordInput = z.object({
  password: z.string({ error: 'Password Required' }).min(1, 'Password Required'),
});
