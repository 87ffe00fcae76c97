import { z } from 'zod';

/**
 * PostgreSQL cannot store a NUL character in text or jsonb, nor an unpaired UTF-16 surrogate (it is
 * not valid UTF-8). A value carrying either would fail the append of everyone batched with it, so
 * every text field refuses it up front, naming the field.
 */
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isStorableText = (value: string): boolean => !UNSTORABLE.test(value);

/** Whitespace, separators (\p{Z}) and invisible format characters (\p{Cf}) only: nothing a reader would see. */
const BLANK = /^[\s\p{Z}\p{Cf}]*$/u;

export const isBlankText = (value: string): boolean => BLANK.test(value);

export const unstorableTextMessage = (label: string) => `${label} contains characters that cannot be stored`;

/**
 * Any text a client sends: a string PostgreSQL can store, in Unicode NFC. Chain trim/min/max after
 * it, each with its own message: the `error` here answers only a value that is not a string (zod 4
 * would otherwise use it for every check of the schema that has no message of its own).
 */
export const storableString = (label: string, options: { error?: string } = {}) =>
  z
    .string({
      error: (issue) => (issue.code === 'invalid_type' ? (options.error ?? `${label} must be text`) : undefined),
    })
    .refine(isStorableText, { message: unstorableTextMessage(label), abort: true })
    // One spelling per text (Unicode NFC): "CRÈME" typed as E + combining grave is the same SKU,
    // username or search text as with the precomposed È.
    .overwrite((value) => value.normalize('NFC'))
    // Text made only of blanks and invisible characters (a zero-width space, a direction mark, a BOM)
    // shows nothing: it is empty, so a required field answers its "required" message.
    .overwrite((value) => (isBlankText(value) ? '' : value));

/**
 * A text's length as every limit here counts it: Unicode code points, as zod's string `.min()`/`.max()`
 * do (zod counts code points since colinhacks/zod#6441; contracts needs zod ^4.6.7), PostgreSQL's char_length and JSON Schema's maxLength do, so
 * an emoji is one character, not the two UTF-16 units of JS `.length`. Code points rather than
 * graphemes on purpose: the count is the same in every engine (grapheme rules follow each engine's
 * Unicode version, so browser and server could disagree). A flag or a family emoji counts as several.
 * Use it wherever code measures a text itself instead of `.length`.
 */
export const charCount = (text: string): number => {
  let count = 0;
  for (const _codePoint of text) count += 1;
  return count;
};

/** The first `max` characters of a text (charCount), never half of a surrogate pair. */
export const clipChars = (text: string, max: number): string =>
  text.length <= max ? text : Array.from(text).slice(0, max).join('');

/** Optional free text from a storefront form: trimmed, and a blank value means "not given" (null). */
export const optionalText = (label: string, max: number) =>
  storableString(label)
    .trim()
    .max(max, `${label} is too long (at most ${max} characters)`)
    .nullish()
    .transform((value) => (value ? value : null));

export const requiredText = (label: string, max: number) =>
  storableString(label, { error: `${label} is required` })
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
