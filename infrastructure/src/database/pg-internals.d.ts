// pg's value serialiser (what a parameterised query applies to each value); untyped in @types/pg.
declare module 'pg/lib/utils' {
  export function prepareValue(value: unknown): unknown;
}
