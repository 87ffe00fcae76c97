/**
 * A pure function of one string, remembered for up to `limit` distinct arguments, then forgotten
 * all at once and remembered afresh: for values a replay computes again and again (the same price
 * formatted, the same audit text digested) without ever growing with the history.
 */
export function boundedMemo<T>(compute: (key: string) => T, limit = 10_000): (key: string) => T {
  let known = new Map<string, T>();
  return (key) => {
    let value = known.get(key);
    if (value === undefined) {
      if (known.size >= limit) known = new Map();
      value = compute(key);
      known.set(key, value);
    }
    return value;
  };
}
