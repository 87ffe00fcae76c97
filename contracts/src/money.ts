import { z } from 'zod';

/** decimal(10,2): at most 8 integer digits and 2 decimals, never negative. Sent as a string. */
export const MONEY_PATTERN = /^\d{1,8}(\.\d{1,2})?$/;

/** A string already trimmed, checked as a decimal(10,2) amount. */
export const moneyText = (label: string) =>
  z.string().refine((value) => MONEY_PATTERN.test(value), {
    message: `${label} must be an amount from 0 to 99999999.99 with at most 2 decimals`,
  });

/** Accepts a string or a number and yields the trimmed string, checked as a decimal(10,2) amount. */
export const moneyString = (label: string) =>
  z
    .union([z.string(), z.number()], { error: `${label} is required` })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .pipe(moneyText(label));

/** decimal(5,2) percentage, 0 to 100 inclusive. */
export const percentString = (label: string) =>
  z
    .union([z.string(), z.number()])
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .refine((value) => /^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= 100, {
      message: `${label} must be between 0% and 100%`,
    });

/** A money amount as it leaves the server: always 2 decimals, e.g. "1250.00". */
export const moneyOut = z.string().regex(/^-?\d+\.\d{2}$/);
