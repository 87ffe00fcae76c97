import { z } from 'zod';

/** Optional free text from a storefront form: trimmed, and a blank value means "not given" (null). */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .nullish()
    .transform((value) => (value ? value : null));

export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long (at most ${max} characters)`);

const isEmail = (value: string) => z.email().safeParse(value).success;

export const requiredEmail = (label: string) =>
  requiredText(label, 255).refine(isEmail, { message: `${label} must be a valid email address` });

export const optionalEmail = (label: string) =>
  optionalText(label, 255).refine((value) => value === null || isEmail(value), {
    message: `${label} must be a valid email address`,
  });
