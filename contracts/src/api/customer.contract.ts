import { z } from 'zod';
import { optionalText, requiredEmail, requiredText } from './text-fields';

/**
 * POST /api/customers: registration through the storefront intake (the public store is closed).
 * The password is optional; when given it is hashed and never returned.
 */
export const registerCustomerInput = z.object({
  email: requiredEmail('Email'),
  password: z
    .string({ error: 'Password must be text' })
    .min(8, 'Password must be at least 8 characters long')
    .max(200, 'Password is too long')
    .nullish(),
  firstName: requiredText('First name', 100),
  lastName: requiredText('Last name', 100),
  phone: optionalText('Phone', 50),
  address: optionalText('Address', 500),
  city: optionalText('City', 100),
  postalCode: optionalText('Postal code', 20),
  country: optionalText('Country', 100),
});
export type RegisterCustomerInput = z.input<typeof registerCustomerInput>;
export type RegisterCustomerCommandInput = z.output<typeof registerCustomerInput>;

/** A customer as the API shows it: never a password or its hash. */
export const customerResponse = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  isActive: z.boolean(),
  emailVerified: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Customer = z.infer<typeof customerResponse>;
