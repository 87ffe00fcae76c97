import { z } from 'zod';
import { ROLES } from '../catalogue';

export const createUserInput = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, 'Username is required').max(100, 'Username is too long'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
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
