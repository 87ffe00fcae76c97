import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';

type Fields = Record<string, string>;

/** Which values a field takes from the address; any other (an address edited by hand) counts as absent. */
export type AddressRules<F extends Fields> = Partial<Record<keyof F, (value: string) => boolean>>;

/** A Lagos day as a date input gives it, or empty. */
export const dayOrEmpty = (value: string): boolean => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * A page's filter, kept in its address (`?q=…&from=…`) as well as in its state, so opening one of
 * the list's links and coming Back, or reloading, shows the list as it was narrowed. The address is
 * read when the page opens; each change replaces its entry (no history entry per keystroke) and keeps
 * other parameters (`history`). A field at its default is left out; one emptied whose default is not
 * empty is kept as `key=`. The state stays the inputs' source, so typing never waits on the router.
 */
export function useFilterInAddress<F extends Fields>(defaults: F, rules: AddressRules<F> = {}): [F, (next: F) => void] {
  const [params, setParams] = useSearchParams();
  const [filter, setFilter] = useState<F>(() => {
    const read: Fields = { ...defaults };
    for (const key of Object.keys(defaults)) {
      const value = params.get(key);
      if (value !== null && (rules[key]?.(value) ?? true)) read[key] = value;
    }
    return read as F;
  });
  const change = (next: F) => {
    setFilter(next);
    setParams(
      (current) => {
        const address = new URLSearchParams(current);
        for (const key of Object.keys(defaults)) {
          address.delete(key);
          if (next[key] !== defaults[key]) address.set(key, next[key] ?? '');
        }
        return address;
      },
      { replace: true },
    );
  };
  return [filter, change];
}
