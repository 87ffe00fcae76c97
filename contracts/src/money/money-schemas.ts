import { z } from 'zod';
import { LIMITS, MAX_AMOUNT, MONEY_PRECISION, MONEY_SCALE } from '../limits';

/** decimal(10,2): at most 8 integer digits and 2 decimals, never negative. Sent as a string. */
export const MONEY_PATTERN = new RegExp(`^\\d{1,${MONEY_PRECISION - MONEY_SCALE}}(\\.\\d{1,${MONEY_SCALE}})?$`);

const amountMessage = (label: string) =>
  `${label} must be an amount from 0 to ${MAX_AMOUNT} with at most ${MONEY_SCALE} decimals`;

/** A string already trimmed, checked as a decimal(10,2) amount. */
export const moneyText = (label: string) =>
  z.string().refine((value) => MONEY_PATTERN.test(value), { message: amountMessage(label) });

/** Accepts a string or a number and yields the trimmed string, checked as a decimal(10,2) amount. */
export const moneyString = (label: string) =>
  z
    .union([z.string(), z.number()], {
      // Absent is "required"; any other value (a JSON 1e400 is Infinity, an object, true) is not an amount.
      error: (issue) =>
        issue.input === undefined || issue.input === null ? `${label} is required` : amountMessage(label),
    })
    .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
    .pipe(moneyText(label));

/** An amount that may be left out: absent, null or blank text is null (not given), anything else an amount. */
export const optionalMoneyString = (label: string) =>
  z
    .union([z.string(), z.number(), z.null()], { error: amountMessage(label) })
    .optional()
    .transform((value) =>
      value === undefined || value === null || String(value).trim() === '' ? null : String(value).trim(),
    )
    .pipe(moneyText(label).nullable());

/** decimal(5,2) percentage, 0 to 100 inclusive. */
export const percentString = (label: string) => {
  const message = `${label} must be between 0% and 100%`;
  return (
    z
      // Anything that is not a number or a text (null, true, a list) is not a percentage either: the same message.
      .union([z.string(), z.number()], { error: message })
      .transform((value) => (typeof value === 'number' ? String(value) : value.trim()))
      .refine((value) => /^\d{1,3}(\.\d{1,2})?$/.test(value) && Number(value) <= LIMITS.maxDiscountPercent, { message })
  );
};

/** Plain decimal digits, optionally signed with a minus (so "-1" answers the field's "cannot be negative"), spaces around allowed. */
const WHOLE_NUMBER_TEXT = /^\s*-?\d+\s*$/;

/**
 * A whole number from JSON: a JSON number that is an integer, or (unless `text` is false) a string of
 * plain decimal digits such as a form field sends. Never coerced: null, true, [], "", " ", "0x10",
 * "0b11", "1e1" or "+1" are refused with `message`, as a fraction is (Number() would read them as 0, 1,
 * 16, 3, 10...). `bounds` adds the range checks, with their own messages, to both spellings.
 */
export const wholeNumber = (
  message: string,
  bounds: (number: z.ZodNumber) => z.ZodNumber = (number) => number,
  options: { text?: boolean } = {},
) => {
  const number = () => bounds(z.number({ error: message }).int(message));
  if (options.text === false) return number();
  // A union answers the one spelling that matched the value's type (a number out of range, a text
  // that is not digits); a value of neither type (null, true, a list) gets `message`.
  return z.union([number(), z.string().regex(WHOLE_NUMBER_TEXT, message).transform(Number).pipe(number())], {
    error: message,
  });
};

/**
 * A whole number of units on one line: at least 1, at most LIMITS.maxLineQuantity. `text`: a string of
 * digits is taken too (the stock dialog's form); otherwise only a JSON number.
 */
export const lineQuantity = (text: boolean) =>
  wholeNumber(
    'Quantity must be a whole number',
    (number) =>
      number
        .min(1, 'Quantity must be at least 1')
        .max(LIMITS.maxLineQuantity, `Quantity must be at most ${LIMITS.maxLineQuantity}`),
    { text },
  );

/** A stock count (opening stock, minimum stock level, a stocktake count): 0 to LIMITS.maxStockLevel. */
export const stockCount = (label: string) =>
  wholeNumber(`${label} must be a whole number`, (number) =>
    number
      .min(0, `${label} cannot be negative`)
      .max(LIMITS.maxStockLevel, `${label} must be at most ${LIMITS.maxStockLevel}`),
  );

/** A money amount as it leaves the server: always 2 decimals, e.g. "1250.00". */
export const moneyOut = z.string().regex(/^-?\d+\.\d{2}$/);
