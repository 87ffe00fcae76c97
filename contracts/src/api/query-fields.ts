import { wholeNumber } from '../money';
import { storableString } from './text-fields';

/** A page size in a query string: a whole number from 1 to `max`, one message for every way it can fail. */
export const pageLimit = (max: number) => {
  const message = `limit must be a whole number from 1 to ${max}`;
  return wholeNumber(message, (number) => number.min(1, message).max(max, message));
};

/** An exact-match filter in a query string (an id): present means not blank, at most 200 characters. */
export const filterText = (label: string) =>
  storableString(label)
    .trim()
    .min(1, `${label} must not be empty`)
    .max(200, `${label} is too long (at most 200 characters)`);
