import { z } from 'zod';

/**
 * A customer account (spec section 3), a separate type from staff users. The password hash is in
 * the event only when the storefront sent a password: the customers read model keeps it for a
 * future customer sign-in, and no API shape ever carries it.
 */
export const customerRegisteredV1 = z.object({
  customerId: z.uuid(),
  email: z.string(),
  passwordHash: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  isActive: z.boolean(),
  emailVerified: z.boolean(),
});

/** The email registry stream makes "email unique among customers" a consistency rule, not a race. */
export const customerEmailClaimedV1 = z.object({ email: z.string(), customerId: z.uuid() });

export type CustomerRegistered = z.infer<typeof customerRegisteredV1>;
export type CustomerEmailClaimed = z.infer<typeof customerEmailClaimedV1>;
