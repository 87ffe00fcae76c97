import { z } from 'zod';
import { PAGE_KEYS, ROLES } from '../catalogue';

export const userCreatedV1 = z.object({
  userId: z.uuid(),
  username: z.string(),
  passwordHash: z.string(),
  role: z.enum(ROLES),
  permissions: z.record(z.string(), z.unknown()),
  isActive: z.boolean(),
});
export const userActivationChangedV1 = z.object({ userId: z.uuid(), isActive: z.boolean() });
export const userDeletedV1 = z.object({ userId: z.uuid() });
export const userPasswordChangedV1 = z.object({ userId: z.uuid(), passwordHash: z.string() });
export const userSignedInV1 = z.object({ userId: z.uuid() });

export const usernameClaimedV1 = z.object({ username: z.string(), userId: z.uuid() });
export const usernameReleasedV1 = z.object({ username: z.string(), userId: z.uuid() });

export const pagePermissionsValue = z.object({
  assistant: z.partialRecord(z.enum(PAGE_KEYS), z.boolean()),
});
export const settingChangedV1 = z.object({
  key: z.string(),
  value: z.unknown(),
  description: z.string().nullable(),
});

export type UserCreated = z.infer<typeof userCreatedV1>;
export type UserActivationChanged = z.infer<typeof userActivationChangedV1>;
export type UserDeleted = z.infer<typeof userDeletedV1>;
export type UserPasswordChanged = z.infer<typeof userPasswordChangedV1>;
export type UserSignedIn = z.infer<typeof userSignedInV1>;
export type UsernameClaimed = z.infer<typeof usernameClaimedV1>;
export type UsernameReleased = z.infer<typeof usernameReleasedV1>;
export type SettingChanged = z.infer<typeof settingChangedV1>;
