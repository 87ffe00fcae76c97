/** The end of every switch over a union: a case left out is a type error, and a throw if it ever runs. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
